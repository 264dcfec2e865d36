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
 * The lock store SPI: what a store implements ({@link io.github.distlock.store.Locker})
 * and the answers it gives. Redis, JDBC, ZooKeeper and the in-memory store implement it;
 * so may a store of your own, chosen with {@code distlock.store} like ours.
 *
 * <h2>What the core asks of a store</h2>
 * <ul>
 * <li><b>Atomic, one round trip.</b> Each operation is one atomic step in the store,
 * compared by owner token ({@code tryAcquire}: take if free or already this owner's;
 * {@code release}: delete only if this owner's), in one round trip; a batch of renewals
 * in as few as the store can.</li>
 * <li><b>Idempotent.</b> Every operation gives the same answer when run twice, as a
 * client that re-sends a command whose reply was lost makes it do: an acquire that finds
 * the lock held by its own owner has acquired it, a renewal renews again, a release that
 * finds the lock gone answers {@link io.github.distlock.store.Release#GONE}. A second
 * {@code fence} mints a larger token.</li>
 * <li><b>Leases.</b> A lock lives for its lease unless renewed or released, counted from
 * when the store runs the request. A store may count leases in whole milliseconds,
 * rounded down to no less than one; the core counts on no more, and counts from when it
 * sent the request, so a store whose clock runs up to 1% fast is allowed for. An acquire
 * that had to connect or reload a script first says how long after the call it sent the
 * command ({@link io.github.distlock.store.Acquisition#acquiredAfter}).</li>
 * <li><b>Owners are opaque.</b> A store keeps the owner token as the lock's value and
 * compares it whole; it reads nothing in it but the process that minted it
 * ({@link io.github.distlock.store.Locker#processOf}).</li>
 * <li><b>Failures are exceptions, in bounded time.</b> A store that cannot be reached
 * throws its own runtime exception within its client's timeout; the core turns it into a
 * {@link io.github.distlock.LockStoreException} that names the lock. It never blocks
 * without bound.</li>
 * <li><b>Release notices are a hint.</b> A store that can tells subscribed listeners of
 * releases someone waited for; notices may be lost, so waiters also retry when the
 * holder's lease runs out. Such a store overrides {@code onRelease} and
 * {@code sendsReleaseNotices} (and {@code subscribe}, unless it tells every listener of
 * every release). A store without notices overrides none of them: its waiters look again
 * every {@link io.github.distlock.store.Locker#LOOK_AGAIN_WITHOUT_NOTICES}. The store
 * contract checks that a store says which it is.</li>
 * </ul>
 *
 * <h2>Who calls it</h2>
 * <p>
 * The core makes at most one {@code tryAcquire} per lock and process at a time (the
 * thread whose turn it is), releases from the thread that closes the outermost holding,
 * renews from the watchdog's sender threads (at most one request in flight per lock), and
 * releases again in the background an owner that a failed call may have left behind. A
 * store is called from many threads at once, for different locks, and must be
 * thread-safe. It is never called while the core holds one of its own locks, so a store
 * may block for its client's timeout.
 *
 * <p>
 * The core's own protocol, its states and invariants, is described in {@code PROTOCOL.md}
 * beside the {@code io.github.distlock.core} package;
 * {@code io.github.distlock.test.support.AbstractLockerContractTests}, in
 * {@code lock-test-support}, checks a store against this contract.
 */
@NullMarked
package io.github.distlock.store;

import org.jspecify.annotations.NullMarked;
