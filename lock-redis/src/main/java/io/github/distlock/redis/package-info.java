/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.

 */

/**
 * The Redis {@link io.github.distlock.store.Locker}: Lua scripts run through Spring Data
 * Redis, and release notices by pub/sub, one channel per lock.
 *
 * <h2>Keys</h2> For lock {@code goods:42} under prefix {@code lock}, all in one hash tag,
 * so one cluster slot:
 * <ul>
 * <li>{@code {lock:goods:42}}: the owner token of the process that holds the lock, which
 * names that instance and when it took the lock (see {@code PROTOCOL.md} of the core
 * package); its TTL is the lease.</li>
 * <li>{@code {lock:goods:42}:waiters}: left by a busy attempt that will wait; names the
 * waiting process, or {@code *} for several; its TTL is the longest remaining wait.</li>
 * <li>{@code {lock:goods:42}:giveway}: names the process that gave the lock way to
 * another process's waiters; its TTL is the give-way window, at most the waiters'
 * wait.</li>
 * <li>{@code {lock:goods:42}:fencing}: the last fencing token minted; it expires one
 * second after the time the token encodes ({@code PXAT}), so a server clock stepped back
 * still finds it.</li>
 * <li>{@code {lock:goods:42}:released}: the owner token of the last release; its TTL is
 * five seconds.</li>
 * </ul>
 * Every key has a TTL, so nothing the locker writes lives for ever. A release that
 * someone waited for is published, with the lock's name, on the lock's own channel
 * {@code {lock:goods:42}:notices}, in the lock's hash tag, so in its cluster slot.
 *
 * <h2>Release notices</h2> {@code release.lua} publishes with {@code SPUBLISH} (sharded
 * pub/sub, Redis 7 and later): in a cluster the notice goes to the subscribers on the
 * shard that owns the lock's slot, never over the cluster bus to every node. A server
 * without {@code SPUBLISH} (Redis 6) refuses it inside the script's {@code pcall}, and
 * the script publishes with a classic {@code PUBLISH} on the same channel instead.
 * Nothing else on the channel: a process hears only of the locks it subscribed to.
 * <p>
 * {@code RedisReleaseNotices} keeps one Lettuce pub/sub connection per locker, from the
 * native client of the application's {@code LettuceConnectionFactory} (Spring Data
 * Redis's listener container has no sharded pub/sub), opened when the locker starts (or
 * in the background when the first listener is added) and retried with back-off until it
 * opens; Lettuce restores it after a drop (in a cluster, its connection to each master on
 * its own). Each channel has an entry, counted per subscription:
 * <ul>
 * <li><em>pending</em>: the first subscription of the lock sent {@code SSUBSCRIBE} (or
 * {@code SUBSCRIBE}) and waits for the server's confirmation, at most what is left of the
 * caller's wait and the client's command timeout (or until the command expired, Lettuce's
 * {@code TimeoutOptions}); the subscription is not active yet, so its waiter looks again
 * every 200 ms. A confirmed channel is pending again while a pub/sub connection is down,
 * and when a cluster master unsubscribes it on its own (its slot moved to another
 * master);</li>
 * <li><em>confirmed</em>: the server confirmed; the subscription is active while the
 * connection is open. A confirmation that is news to a waiter (the channel was confirmed
 * before, and subscribed again after a reconnection, a slot move or a restart of this
 * locker; or a subscriber stopped waiting for it) tells listeners
 * {@code noticesResumed(lock)}, so the waiter looks again;</li>
 * <li><em>refused</em>: the server refused the channel (an ACL user without channel
 * rights, {@code NOPERM}): inactive for as long as the entry lives, warned of once per
 * kind of failure. Any other error ({@code MOVED}, {@code CLUSTERDOWN}) leaves the
 * channel pending, and it is sent again a second later;</li>
 * <li>gone: the last subscription of the channel was closed, and {@code SUNSUBSCRIBE} (or
 * {@code UNSUBSCRIBE}) sent without waiting. Commands on the one connection are sent in
 * order, so an unsubscription followed by a new subscription of the same channel leaves
 * it subscribed.</li>
 * </ul>
 * Every channel is subscribed with a command of its own, one slot each, also when a
 * pub/sub connection comes back: Lettuce then subscribes again every channel of that
 * connection with one command, which a cluster master refuses ({@code CROSSSLOT}) when
 * they are in several slots, so the locker sends every pending channel again itself (on a
 * single server both succeed, and the second confirmation is harmless).
 * <p>
 * The first {@code SSUBSCRIBE} that the server refuses as an unknown command switches the
 * locker to classic subscriptions for good, and sends {@code SUBSCRIBE} for every channel
 * it holds: both sides decide by the same test, whether the server has the sharded
 * commands. Notices are active ({@code releaseNoticesActive()}) while the connection is
 * open, the locker runs and no subscription has been refused since the last one
 * confirmed.
 *
 * <h2>Start-up</h2> Started (by the application context), the locker connects, loads
 * every script into the server's cache ({@code SCRIPT LOAD}; in a cluster Lettuce sends
 * it to every node, which connects to each) and opens its release-notice connection,
 * waiting at most two seconds: a Redis that is away or slow is warned of by name,
 * start-up goes on, and the first calls connect when they come. So the first lock after
 * start-up is as fast as the tenth.
 * <p>
 * The acquire is run by {@code EVALSHA}, and by {@code EVAL} after a {@code NOSCRIPT}
 * answer, as Spring Data Redis runs scripts, but by the locker itself: it answers how
 * long after the call the command that took the lock was sent, after the connection was
 * obtained and after a {@code NOSCRIPT} answer, in whole milliseconds rounded down
 * ({@code Acquisition.askedAfter}), and the core counts the lease from then. That is
 * never later than Redis ran it; a command queued by Lettuce while it reconnects is
 * counted from when it was queued, earlier still.
 *
 * <h2>Scripts</h2>
 * <ul>
 * <li>{@code acquire.lua}: takes a free lock (unless this process just gave it way), or
 * leaves a waiters marker and answers the holder's remaining lease.</li>
 * <li>{@code release.lua}: deletes the lock if the owner still holds it, and remembers
 * the release; if someone waited, deletes the marker, leaves a give-way when giving way
 * to another process, and publishes on the lock's channel ({@code SPUBLISH}, or
 * {@code PUBLISH} where the server has no sharded pub/sub).</li>
 * <li>{@code renew.lua}: sets the lease of each lock of a batch still held by its owner,
 * and tells whether another process waits for it. A batch is cut into calls of at most a
 * hundred locks, in a cluster of one slot each, and the calls go out together: each
 * master answers for its own locks. A call not answered within a third of its shortest
 * lease (the watchdog renews once a third has passed) leaves its locks unanswered, to be
 * renewed again, while the others are answered; the batch fails only when no call was
 * answered.</li>
 * <li>{@code fence.lua}: mints a fencing token for the lock's owner from the server's
 * clock in microseconds, above the last token remembered, and remembers it until one
 * second past its own time.</li>
 * <li>{@code find.lua}: reads the lock's owner token and TTL, for operators asking who
 * holds it; it writes nothing.</li>
 * </ul>
 *
 * <h2>Running a script twice</h2> Lettuce sends a command again when its connection broke
 * before the reply came, so a script may run twice with the same arguments; each gives an
 * answer the caller can act on.
 * <ul>
 * <li>acquire: the second run finds the lock held by the same owner token and answers
 * acquired; a busy attempt merges the same marker again.</li>
 * <li>release: the second run finds the lock gone and answers gone, which the caller
 * reads as released when its own lease had not run out; no notice is published twice,
 * since the first run deleted the marker. When a waiter, or a caller that tried once,
 * took the lock between the two runs (within five seconds), the second run finds the
 * first remembered and still answers gone, not taken.</li>
 * <li>renew: the second run sets the same lease again, counted from a moment later.</li>
 * <li>fence: the second run mints a larger token; the caller uses the one it is answered,
 * which is still larger than every token minted before.</li>
 * </ul>
 * {@code fence.lua} writes after reading {@code TIME}, which needs scripts replicated by
 * their effects: the default since Redis 5 and the only mode since Redis 7.
 *
 * <h2>Failovers and replica acknowledgement</h2> Redis replicates asynchronously: a lock
 * that its master granted and that no replica had yet when the master died is gone on the
 * replica that takes over, and another process can take it while its holder still holds
 * it. The same goes for a lease that a renewal (or a hand-off) set: the holder counts on
 * it, the new master has the old one. With replica acknowledgement
 * ({@link ReplicaAcknowledgement}, off by default), neither is counted on until enough
 * replicas have it:
 * <ul>
 * <li>{@code acquire.lua}, or a call of {@code renew.lua}, and
 * {@code WAIT numreplicas timeout} are sent together, one after the other, on a
 * connection of the locker's own to the master of the lock's slot: {@code WAIT} may not
 * run inside a script, it waits for the writes of the connection that sends it, and it
 * blocks that connection meanwhile, so it never goes on the application's shared
 * connection.</li>
 * <li>{@code WAIT} counts only when it ran on the server connection that ran the script.
 * Lettuce sends the commands a dropped connection left unanswered again on the new
 * connection, which after a failover may lead to a new master that never had the write,
 * where {@code WAIT} answers at once. So the locker listens for drops of its connection
 * ({@code ConnectionDrops}, a listener on the client): when it drops before {@code WAIT}
 * answered, the write is unconfirmed at once, whatever comes back later.</li>
 * <li>When the acquire script took the lock and fewer replicas than asked confirmed
 * within the timeout, the lock is released (owner-checked, as any release) and the
 * acquisition fails with a {@link ReplicaAcknowledgementException}: the caller does not
 * get the lock. A busy answer is answered as busy, whatever {@code WAIT} says. When the
 * acquisition fails without an answer (the connection dropped, or the command timed out,
 * for example behind another {@code WAIT}), the acquire may still run at the master: a
 * release is sent after it on the same connection, so it runs after it. The core's own
 * clean-up releases on the shared connection, which could overtake the acquire and find
 * nothing, leaving the lock it then took held by nobody for a lease.</li>
 * <li>A renewal the replicas did not confirm is answered unanswered
 * ({@code Renewal.UNANSWERED}): the holder keeps the expiry last confirmed, and the
 * renewal is tried again; while the replicas stay away the lock lapses at that expiry. A
 * renewal that shortens a lease is safe unconfirmed too (it is sent again all the same):
 * the core lowers its estimate before sending it, and a new master that never had it
 * keeps the longer lease, which only makes other processes wait longer.</li>
 * <li>Releases and fencing tokens are not acknowledged: a release lost in a failover is
 * sent again (see {@code PROTOCOL.md} of the core package), and a fencing token is based
 * on the server's clock.</li>
 * <li>Acknowledged acquisitions and renewals share the locker's one connection per
 * master, so they wait for each other's {@code WAIT}: little while replicas answer, up to
 * the timeout each while they do not.</li>
 * </ul>
 * A replica that acknowledged can still lose the lock if it is restarted without its
 * data, and {@code WAIT} does not make Redis strongly consistent; it closes the common
 * window, a failover right after an acquisition or a renewal. Redlock needs none of this:
 * its nodes are independent masters.
 */
@NullMarked
package io.github.distlock.redis;

import org.jspecify.annotations.NullMarked;
