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

package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import io.github.distlock.store.Acquisition;

/**
 * Acquisition by queue (ZOOKEEPER.md, point a): an attempt takes this process's queued
 * node or creates one; the lowest node holds the lock. A busy attempt that will wait
 * leaves its node queued until its wait ends or the lock's last subscription closes,
 * whichever comes first.
 */
final class NodeQueueing {

	/**
	 * The busy answer's stand-in for the holder's lease, which ZooKeeper does not have:
	 * how long a waiter sleeps at most between attempts when no watch wakes it.
	 */
	static final Duration RECHECK = Duration.ofSeconds(1);

	/**
	 * How long a node this process no longer wants is deleted again while ZooKeeper fails
	 * to.
	 */
	private static final Duration ABANDON_RETRY = Duration.ofSeconds(1);

	private static final int ABANDON_ATTEMPTS = 60;

	private static final Log logger = LogFactory.getLog(NodeQueueing.class);

	private final LockNodes nodes;

	private final LockPaths paths;

	private final OwnNodeRegistry registry;

	private final ZooKeeperReleaseNotices notices;

	private final ScheduledExecutorService background;

	private final WaitDeadlines deadlines;

	NodeQueueing(LockNodes nodes, LockPaths paths, OwnNodeRegistry registry, ZooKeeperReleaseNotices notices,
			ScheduledExecutorService background) {
		this.nodes = nodes;
		this.paths = paths;
		this.registry = registry;
		this.notices = notices;
		this.background = background;
		this.deadlines = new WaitDeadlines(background);
	}

	Acquisition tryAcquire(String key, String owner, Duration willWait) {
		String held = this.registry.get(key).claimedBy(owner);
		if (held != null && !this.registry.isLost(held) && this.nodes.queue(key).contains(LockPaths.name(held))) {
			return Acquisition.ACQUIRED;
		}
		// A queued node deleted meanwhile (its wait ran out, the session ended) is
		// replaced once.
		Acquisition answer = attempt(key, owner, willWait);
		if (answer == null) {
			answer = attempt(key, owner, willWait);
		}
		// Null would read as an interrupt to the core: a second node gone too is a busy
		// answer, tried again soon.
		return (answer != null) ? answer : Acquisition.busy(RECHECK);
	}

	/** One attempt; {@code null} when the queued node it took was gone. */
	private @Nullable Acquisition attempt(String key, String owner, Duration willWait) {
		long losses = this.registry.losses();
		String queued = this.registry.get(key).queued();
		if (queued != null) {
			return place(key, owner, queued, true, willWait, losses);
		}
		LockNodes.Created created = this.nodes.create(key, owner);
		String node = created.path();
		this.registry.update(key, (own) -> own.queue(node, System.nanoTime()));
		try {
			if (created.alone()) {
				// The lock's only node right after its create: the lowest, so it holds
				// the lock.
				return claim(key, owner, node, false, losses) ? Acquisition.ACQUIRED : null;
			}
			return place(key, owner, node, false, willWait, losses);
		}
		catch (RuntimeException | Error ex) {
			// Left queued, the node would be no one's: the core's clean-up release skips
			// queued nodes.
			if (this.registry.update(key, (own) -> own.unqueue(node)).isQueued(node)) {
				abandon(key, node);
			}
			throw ex;
		}
	}

	/**
	 * Finds the node's place in the lock's queue: the lowest is claimed, any other is
	 * busy.
	 */
	private @Nullable Acquisition place(String key, String owner, String node, boolean reused, Duration willWait,
			long losses) {
		String name = LockPaths.name(node);
		LockQueue queue = withoutTwins(key, this.nodes.queue(key), name);
		if (!queue.contains(name)) {
			this.registry.update(key, (own) -> own.unqueue(node));
			return null;
		}
		if (name.equals(queue.holder())) {
			return claim(key, owner, node, reused, losses) ? Acquisition.ACQUIRED : null;
		}
		return busy(key, node, willWait);
	}

	/**
	 * Deletes the twins of this process's node, made by a create that Curator re-sent
	 * after its answer was lost: no attempt knows them, and one ahead would hold the lock
	 * for nobody.
	 */
	private LockQueue withoutTwins(String key, LockQueue queue, String name) {
		List<String> twins = queue.twinsOf(name);
		twins.forEach((twin) -> this.nodes.delete(key, this.paths.node(key, twin)));
		return queue.without(twins);
	}

	/**
	 * Claims the lowest node for the owner, writing the owner into a node an earlier
	 * attempt queued.
	 */
	private boolean claim(String key, String owner, String node, boolean reused, long losses) {
		if (reused && this.nodes.write(key, node, owner) == 0) {
			this.registry.update(key, (own) -> own.unqueue(node));
			return false;
		}
		if (this.registry.claim(key, owner, node, losses)) {
			return true;
		}
		// Claims were given up since the attempt began: the node may be of a session that
		// ended.
		if (this.registry.update(key, (own) -> own.unqueue(node)).isQueued(node)) {
			abandon(key, node);
		}
		return false;
	}

	private Acquisition busy(String key, String node, Duration willWait) {
		if (willWait.isZero() || willWait.isNegative()) {
			// A caller that will not wait leaves no node, unless an earlier attempt's
			// wait is still on.
			waitEnded(key, node);
			return Acquisition.busy(RECHECK);
		}
		long until = System.nanoTime() + willWait.toNanos();
		this.registry.update(key, (own) -> own.isQueued(node) ? own.queue(node, until) : own);
		this.deadlines.schedule(key, willWait, () -> waitEnded(key, node));
		this.notices.arm(key);
		return Acquisition.busy(RECHECK);
	}

	/**
	 * The wait of the attempt that last queued the node is over: nobody in this process
	 * wants it.
	 */
	private void waitEnded(String key, String node) {
		// One clock reading: the node is deleted only if this very change took it out of
		// the queue.
		long now = System.nanoTime();
		OwnNodes before = this.registry.update(key, (own) -> isDue(own, node, now) ? own.unqueue() : own);
		if (isDue(before, node, now)) {
			abandon(key, node);
			this.notices.arm(key);
		}
	}

	private static boolean isDue(OwnNodes own, String node, long now) {
		return own.isQueued(node) && own.queuedUntil() - now <= 0;
	}

	/**
	 * The lock's last subscription closed: its waiters stopped waiting, so its queued
	 * node goes.
	 */
	void unsubscribed(String key) {
		OwnNodes before = this.registry.update(key, (own) -> {
			OwnNodes after = own.subscribed(-1);
			return after.isSubscribed() ? after : after.unqueue();
		});
		if (before.subscriptions() == 1) {
			this.deadlines.cancel(key);
			this.notices.disarm(key);
			if (before.queued() != null) {
				abandon(key, before.queued());
			}
		}
	}

	/**
	 * The session ended: nodes queued until now are the old session's, never to be
	 * claimed (the server may keep that session a while, and a node of it would be lowest
	 * and yet go when it ends); they are deleted in the background in case they are still
	 * there.
	 */
	void sessionLost() {
		this.registry.unqueueAll().forEach((node) -> this.background.execute(() -> abandon(node.key(), node.path())));
	}

	/**
	 * Deletes a node nobody wants, again later while ZooKeeper fails to, so it never
	 * holds the lock for nobody.
	 */
	void abandon(String key, String node) {
		abandon(key, node, 1);
	}

	/** Deletes a node nobody wants once, as the locker closes and can retry no more. */
	void abandonOnce(String key, String node) {
		abandon(key, node, ABANDON_ATTEMPTS);
	}

	private void abandon(String key, String node, int attempt) {
		try {
			this.nodes.delete(key, node);
		}
		catch (RuntimeException ex) {
			if (attempt >= ABANDON_ATTEMPTS) {
				logger.warn("Could not delete node " + node + " of lock '" + key
						+ "'; it holds or waits for the lock until this process's ZooKeeper session ends", ex);
				return;
			}
			this.background.schedule(() -> abandon(key, node, attempt + 1), ABANDON_RETRY.toMillis(),
					TimeUnit.MILLISECONDS);
		}
	}

}
