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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.curator.framework.CuratorFramework;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.ClaimLossListener;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;

/**
 * The ZooKeeper {@link Locker}: a lock is a queue of ephemeral sequential nodes, held by
 * the lowest, each waiter watching its predecessor; a lock lives until its lease ends in
 * its holder's process, which then deletes its node, or until its holder's session ends.
 * The design is in {@code ZOOKEEPER.md} beside this class.
 *
 * <p>
 * It uses a started {@link CuratorFramework} that it does not own: {@link #close()} stops
 * the locker's background thread and leaves the client open.
 *
 * @since 0.1.0
 */
public final class ZooKeeperLocker implements Locker, AutoCloseable {

	private final CuratorFramework client;

	private final LockPaths paths;

	private final LockNodes nodes;

	private final OwnNodeRegistry registry = new OwnNodeRegistry();

	private final RecentReleases recentReleases = new RecentReleases();

	private final ScheduledThreadPoolExecutor background;

	private final ZooKeeperReleaseNotices notices;

	private final NodeQueueing queueing;

	private final AtomicBoolean closed = new AtomicBoolean();

	private final SessionLiveness liveness;

	private final LeaseEnds leaseEnds;

	private final SessionProof proof;

	/**
	 * Creates a locker on a started client of an ensemble whose {@code tickTime} is
	 * ZooKeeper's default, two seconds, or shorter.
	 * @param client the Curator client
	 * @param basePath the node under which every lock's nodes are, for example
	 * {@code /distlock}
	 * @param keyPrefix first part of every lock's name, for example {@code lock}
	 */
	public ZooKeeperLocker(CuratorFramework client, String basePath, String keyPrefix) {
		this(client, basePath, keyPrefix, SessionProof.DEFAULT_TICK_TIME);
	}

	/**
	 * Creates a locker on a started client.
	 * @param client the Curator client
	 * @param basePath the node under which every lock's nodes are, for example
	 * {@code /distlock}
	 * @param keyPrefix first part of every lock's name, for example {@code lock}
	 * @param tickTime the ensemble's {@code tickTime}, or a longer time: how often its
	 * leader hears of the sessions of the clients of its followers, so how long this
	 * process takes to prove its session (ZOOKEEPER.md, point f)
	 */
	public ZooKeeperLocker(CuratorFramework client, String basePath, String keyPrefix, Duration tickTime) {
		this.client = client;
		this.paths = new LockPaths(basePath, keyPrefix);
		this.nodes = new LockNodes(client, this.paths);
		this.background = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, "distlock-zookeeper");
			thread.setDaemon(true);
			return thread;
		});
		// Once closed, watch events and deadlines still arriving are dropped, not thrown
		// at ZooKeeper's threads.
		this.background.setRejectedExecutionHandler(new ThreadPoolExecutor.DiscardPolicy());
		// Ends of waits and leases are cancelled often and would otherwise stay queued
		// until due.
		this.background.setRemoveOnCancelPolicy(true);
		this.notices = new ZooKeeperReleaseNotices(client, this.nodes, this.paths, this.registry, this.background);
		this.queueing = new NodeQueueing(this.nodes, this.paths, this.registry, this.notices, this.background);
		this.liveness = new SessionLiveness(this.registry, this.queueing);
		this.leaseEnds = new LeaseEnds(this.registry, this.queueing, this.background);
		this.proof = new SessionProof(client, tickTime, this.liveness::sessionEnded);
		client.getConnectionStateListenable().addListener(this.notices);
		client.getConnectionStateListenable().addListener(this.liveness);
		this.proof.start();
	}

	/**
	 * Takes the lock by queue, once the leader has confirmed this process's session; its
	 * node is deleted when the lease runs out, unless renewed or released first.
	 */
	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		long calledAt = System.nanoTime();
		boolean waited = this.proof.awaitProven();
		long sentAt = waited ? System.nanoTime() : calledAt;
		Acquisition answer = this.queueing.tryAcquire(key, owner, willWait);
		if (!answer.acquired()) {
			return answer;
		}
		this.leaseEnds.acquired(key, owner, sentAt, lease);
		// The lease counts from after a wait for the session's proof.
		return waited ? Acquisition.acquiredAfter(answer.askedAfter().plusNanos(sentAt - calledAt)) : answer;
	}

	/**
	 * The next node in the lock's queue takes it: ZooKeeper's queue leaves it to the
	 * waiter that came first.
	 */
	@Override
	public Release giveWay(String key, String owner) {
		return release(key, owner);
	}

	@Override
	public Release release(String key, String owner) {
		String node = this.registry.get(key).claimedBy(owner);
		if (node == null) {
			return this.recentReleases.contains(owner) ? Release.GONE : releaseUnknown(key, owner);
		}
		boolean deleted = this.nodes.delete(key, node);
		// Only once the node is gone: a release that failed leaves its end of lease to
		// delete it.
		this.leaseEnds.released(key, owner);
		this.registry.update(key, (own) -> own.unclaim(owner));
		this.registry.forget(node);
		this.recentReleases.add(owner);
		return deleted ? Release.RELEASED : heldByAnother(key);
	}

	/**
	 * An owner this process holds no node for: perhaps one a create whose answer was lost
	 * left, or several, when Curator re-sent it; every one goes.
	 */
	private Release releaseUnknown(String key, String owner) {
		OwnNodes own = this.registry.get(key);
		boolean deleted = false;
		for (String child : this.nodes.queue(key).children()) {
			String node = this.paths.node(key, child);
			boolean known = own.claimed().containsValue(node) || own.isQueued(node);
			if (this.paths.isOwn(child) && !known && owner.equals(this.nodes.read(key, node))) {
				deleted |= this.nodes.delete(key, node);
			}
		}
		return deleted ? Release.RELEASED : heldByAnother(key);
	}

	private Release heldByAnother(String key) {
		return this.nodes.queue(key).isEmpty() ? Release.GONE : Release.TAKEN;
	}

	/**
	 * Answers whether each owner's node is still there, while the leader's confirmation
	 * of the session lasts (a follower cut off from the leader still lists nodes the
	 * leader deleted), and sets its lease's end ({@link LeaseEnds}).
	 */
	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		long sentAt = System.nanoTime();
		return this.leaseEnds.renewed(leases, sentAt, renewClaims(leases));
	}

	private List<Renewal> renewClaims(List<LeaseRequest> leases) {
		Map<String, LockQueue> queues = new HashMap<>();
		return leases.stream().map((lease) -> {
			String node = this.registry.get(lease.key()).claimedBy(lease.owner());
			if (node == null || this.registry.isLost(node) || !keepsClaims()) {
				return Renewal.LOST;
			}
			LockQueue queue = queues.computeIfAbsent(lease.key(), this.nodes::queue);
			return queue.contains(LockPaths.name(node)) ? Renewal.renewed(queue.othersThan(this.paths)) : Renewal.LOST;
		}).toList();
	}

	/**
	 * The zxid of a write to the owner's node, which grows with every write to the
	 * ensemble.
	 */
	@Override
	public long fence(String key, String owner) {
		String node = this.registry.get(key).claimedBy(owner);
		return (node == null || this.registry.isLost(node)) ? 0 : this.nodes.write(key, node, owner);
	}

	/**
	 * Whether the leader's last confirmation of this process's session still holds
	 * (ZOOKEEPER.md, point f).
	 */
	@Override
	public boolean keepsClaims() {
		return this.proof.keepsClaims();
	}

	@Override
	public void onRelease(ReleaseListener listener) {
		this.notices.addListener(listener);
	}

	@Override
	public void onClaimLost(ClaimLossListener listener) {
		this.liveness.addListener(listener);
	}

	/**
	 * Counts the subscription and watches the node ahead in the lock's queue (or the
	 * holder's), set by a read that the client bounds by its own timeouts, whatever
	 * {@code confirmWithin}.
	 */
	@Override
	public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		this.registry.update(key, (own) -> own.subscribed(1));
		this.notices.arm(key);
		return new NodeSubscription(key);
	}

	/**
	 * The owner in the holder's node; no time to live, since only the holder's process
	 * knows its lease.
	 */
	@Override
	public Optional<StoredLock> find(String key) {
		String holder = this.nodes.queue(key).holder();
		String owner = (holder != null) ? this.nodes.read(key, this.paths.node(key, holder)) : null;
		return Optional.ofNullable(owner).map((found) -> new StoredLock(found, null));
	}

	/** Reads the root node, waiting at most the client's connection timeout. */
	@Override
	public void ping() {
		this.nodes.ping(Duration.ofMillis(this.client.getZookeeperClient().getConnectionTimeoutMs()));
	}

	@Override
	public boolean sendsReleaseNotices() {
		return true;
	}

	/** Whether the client is connected, so that watches fire. */
	@Override
	public boolean releaseNoticesActive() {
		return this.notices.isActive() && !this.closed.get();
	}

	/**
	 * Stops the background thread and deletes the nodes queued for waiters, which would
	 * otherwise hold their locks for nobody until the client's session ends; the client
	 * stays open.
	 */
	@Override
	public void close() {
		if (this.closed.compareAndSet(false, true)) {
			this.client.getConnectionStateListenable().removeListener(this.notices);
			this.client.getConnectionStateListenable().removeListener(this.liveness);
			this.background.shutdownNow();
			this.proof.close();
			this.liveness.close();
			this.registry.unqueueAll().forEach((node) -> this.queueing.abandonOnce(node.key(), node.path()));
		}
	}

	/**
	 * A subscription of one lock; closing the last of a lock's ends its watch and its
	 * queued node.
	 */
	private final class NodeSubscription implements ReleaseSubscription {

		private final String key;

		private final AtomicBoolean open = new AtomicBoolean(true);

		NodeSubscription(String key) {
			this.key = key;
		}

		@Override
		public boolean isActive() {
			return this.open.get() && releaseNoticesActive();
		}

		@Override
		public void close() {
			if (this.open.compareAndSet(true, false)) {
				ZooKeeperLocker.this.queueing.unsubscribed(this.key);
			}
		}

	}

}
