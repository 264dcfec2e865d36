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

package io.github.distlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.context.SmartLifecycle;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;

/**
 * The Redlock {@link Locker}: every operation runs the single-node operation on N
 * independent Redis masters at once and answers from what a quorum of them answered, as
 * REDLOCK.md beside this class describes. Each node has a {@link RedisLocker} of its own,
 * so the keys, scripts and release notices on a node are those of a single Redis.
 *
 * <p>
 * Made with {@link #connect}, it owns the connections to its nodes and closes them with
 * {@link #close()}; it is started once made. As a {@link SmartLifecycle} in
 * {@link RedisLocker#PHASE} it stops and starts again the nodes' release-notice
 * subscriptions.
 *
 * @since 0.1.0
 */
public final class RedlockLocker implements Locker, SmartLifecycle, AutoCloseable {

	/**
	 * How long each node remembers the last fencing token: the nodes' clocks must agree
	 * to within it for tokens to keep increasing when the quorum changes (REDLOCK.md,
	 * invariant 4).
	 */
	static final Duration FENCING_MEMORY = Duration.ofSeconds(10);

	/**
	 * How long setting up a connection to a node may take by default (TCP, TLS and the
	 * handshake), and start-up waits for the nodes at most.
	 */
	public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

	private final NodeCalls calls;

	private final RedlockConnections connections;

	private RedlockLocker(NodeCalls calls, RedlockConnections connections) {
		this.calls = calls;
		this.connections = connections;
	}

	/**
	 * Connects to the nodes and returns a locker over them, started, giving each node
	 * {@link #CONNECT_TIMEOUT} to set up a connection.
	 * @param nodes the nodes' URIs, {@code redis://[user:password@]host:port[/db]}, or
	 * {@code rediss://} for TLS; at least three, and an odd number
	 * @param nodeTimeout how long one node may take to answer a command before it counts
	 * as failed
	 * @param keyPrefix first part of every key, as for {@link RedisLocker}
	 * @return the locker, owning its connections
	 * @throws IllegalArgumentException when a URI is malformed, or there are fewer than
	 * three nodes or an even number of them
	 */
	public static RedlockLocker connect(List<String> nodes, Duration nodeTimeout, String keyPrefix) {
		return connect(nodes, nodeTimeout, CONNECT_TIMEOUT, keyPrefix);
	}

	/**
	 * Connects to the nodes and returns a locker over them, started: each node is
	 * connected, has the scripts loaded and its release-notice connection open, or is
	 * warned of, once this returns, which takes at most about {@code connectTimeout}.
	 * @param nodes the nodes' URIs, {@code redis://[user:password@]host:port[/db]}, or
	 * {@code rediss://} for TLS; at least three, and an odd number
	 * @param nodeTimeout how long one node may take to answer a command before it counts
	 * as failed
	 * @param connectTimeout how long setting up a connection to a node (TCP, TLS and the
	 * handshake) may take, at start-up and when reconnecting
	 * @param keyPrefix first part of every key, as for {@link RedisLocker}
	 * @return the locker, owning its connections
	 * @throws IllegalArgumentException when a URI is malformed, or there are fewer than
	 * three nodes or an even number of them
	 */
	public static RedlockLocker connect(List<String> nodes, Duration nodeTimeout, Duration connectTimeout,
			String keyPrefix) {
		return connect(nodes, nodeTimeout, connectTimeout, keyPrefix, RedisLocker.GIVE_WAY);
	}

	/**
	 * Returns a node's URI without the user and password it may carry, for messages:
	 * everything between the scheme and the last {@code '@'} is dropped.
	 * @param uri a node's URI as configured, well-formed or not
	 * @return the URI without credentials
	 */
	public static String withoutCredentials(String uri) {
		int at = uri.lastIndexOf('@');
		if (at < 0) {
			return uri;
		}
		int scheme = uri.indexOf("://");
		return ((scheme >= 0 && scheme < at) ? uri.substring(0, scheme + 3) : "") + "***@" + uri.substring(at + 1);
	}

	/** Connects a locker that gives a lock way to other processes for {@code giveWay}. */
	static RedlockLocker connect(List<String> nodes, Duration nodeTimeout, Duration connectTimeout, String keyPrefix,
			Duration giveWay) {
		if (nodes.size() < 3 || nodes.size() % 2 == 0) {
			throw new IllegalArgumentException("Redlock needs an odd number of at least 3 independent Redis masters, "
					+ "so that any two majorities share a node; " + nodes.size() + " given");
		}
		RedlockConnections connections = new RedlockConnections(nodes, nodeTimeout, connectTimeout);
		List<RedisLocker> lockers = connections.factories()
			.stream()
			// Independent masters with no replicas to wait for: the quorum is what
			// survives losing one.
			.map((factory) -> new RedisLocker(factory, keyPrefix, giveWay, FENCING_MEMORY, ReplicaAcknowledgement.NONE))
			.toList();
		RedlockLocker locker = new RedlockLocker(new NodeCalls(lockers, connections.names(), nodeTimeout), connections);
		// The first lock should not pay for connecting and loading scripts: a node slower
		// than its timeout does not count.
		locker.start();
		return locker;
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		long sentAt = System.nanoTime();
		Duration nodeLease = withDrift(lease);
		NodeAnswers<Acquisition> answers = this.calls
			.onEveryNode((node) -> node.tryAcquire(key, owner, nodeLease, willWait));
		// Each node's call began after sentAt, so sentAt plus its delay is no later than
		// that node ran
		// the acquire; the earliest among the nodes that took the lock is no later than
		// any of them.
		Duration askedAfter = answers.answers()
			.stream()
			.filter(Acquisition::acquired)
			.map(Acquisition::askedAfter)
			.min(Comparator.naturalOrder())
			.orElse(Duration.ZERO);
		if (answers.quorumAgrees(Acquisition::acquired)
				&& System.nanoTime() - sentAt - askedAfter.toNanos() < lease.toNanos()) {
			return Acquisition.acquiredAfter(askedAfter);
		}
		// Nodes that did not answer may have set the lock before their answer was lost.
		this.calls.onEveryNodeLater((node) -> node.release(key, owner));
		answers.requireQuorum("acquire lock '" + key + "'");
		if (answers.quorumAgrees(Acquisition::acquired)) {
			// Granted, but too slowly to count: nobody else holds it, so try again at
			// once.
			return Acquisition.busy(Duration.ofMillis(1));
		}
		return Acquisition.busy(answers.answers()
			.stream()
			.map(Acquisition::holderLease)
			.filter((holderLease) -> holderLease.compareTo(Duration.ZERO) > 0)
			.min(Comparator.naturalOrder())
			.map(RedlockLocker::withoutDrift)
			.orElse(Duration.ZERO));
	}

	@Override
	public Release release(String key, String owner) {
		return quorumRelease(key, (node) -> node.release(key, owner));
	}

	@Override
	public Release giveWay(String key, String owner) {
		return quorumRelease(key, (node) -> node.giveWay(key, owner));
	}

	private Release quorumRelease(String key, Function<RedisLocker, Release> release) {
		NodeAnswers<Release> answers = this.calls.onEveryNode(release);
		if (!answers.failures().isEmpty()) {
			// A node that did not answer may still hold the lock: ask it again,
			// owner-checked, in the background.
			this.calls.onEveryNodeLater(release);
		}
		if (answers.quorumAgrees(Release.RELEASED::equals)) {
			return Release.RELEASED;
		}
		answers.requireQuorum("release lock '" + key + "'");
		return answers.quorumAgrees(Release.TAKEN::equals) ? Release.TAKEN : Release.GONE;
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		List<LeaseRequest> nodeLeases = leases.stream()
			.map((lease) -> new LeaseRequest(lease.key(), lease.owner(), withDrift(lease.lease())))
			.toList();
		NodeAnswers<List<Renewal>> answers = this.calls.onEveryNode((node) -> node.renew(nodeLeases));
		answers.requireQuorum("renew " + leases.size() + " locks");
		List<Renewal> renewals = new ArrayList<>(leases.size());
		for (int i = 0; i < leases.size(); i++) {
			int lock = i;
			boolean othersWaiting = answers.count((answer) -> answer.get(lock).othersWaiting()) > 0;
			renewals.add(answers.quorumAgrees((answer) -> answer.get(lock).renewed()) ? Renewal.renewed(othersWaiting)
					: Renewal.LOST);
		}
		return renewals;
	}

	/**
	 * Mints in two phases (REDLOCK.md, invariant 4): the largest token a quorum minted,
	 * then stored on a quorum as their last token.
	 */
	@Override
	public long fence(String key, String owner) {
		NodeAnswers<Long> minted = this.calls.onEveryNode((node) -> node.fence(key, owner));
		if (!minted.quorumAgrees((token) -> token > 0)) {
			minted.requireQuorum("mint a fencing token for lock '" + key + "'");
			return 0;
		}
		long token = minted.answers().stream().mapToLong(Long::longValue).max().orElseThrow();
		NodeAnswers<Long> stored = this.calls.onEveryNode((node) -> node.fence(key, owner, token));
		if (!stored.quorumAgrees((answer) -> answer > 0)) {
			stored.requireQuorum("store the fencing token of lock '" + key + "'");
			return 0;
		}
		return token;
	}

	/**
	 * The owner a quorum of nodes holds the lock for, with the shortest time to live
	 * among them.
	 */
	@Override
	public Optional<StoredLock> find(String key) {
		NodeAnswers<Optional<StoredLock>> answers = this.calls.onEveryNode((node) -> node.find(key));
		answers.requireQuorum("read lock '" + key + "'");
		Map<String, List<StoredLock>> byOwner = answers.answers()
			.stream()
			.flatMap(Optional::stream)
			.collect(Collectors.groupingBy(StoredLock::owner));
		return byOwner.values()
			.stream()
			.filter((copies) -> copies.size() >= answers.quorum())
			.findFirst()
			.map((copies) -> copies.stream()
				.min(Comparator.comparing(RedlockLocker::timeToLive))
				.map((copy) -> new StoredLock(copy.owner(),
						(copy.timeToLive() != null) ? withoutDrift(copy.timeToLive()) : null))
				.orElseThrow());
	}

	private static Duration timeToLive(StoredLock copy) {
		return (copy.timeToLive() != null) ? copy.timeToLive() : Duration.ofNanos(Long.MAX_VALUE);
	}

	@Override
	public void ping() {
		this.calls.onEveryNode((node) -> {
			node.ping();
			return true;
		}).requireQuorum("ping the Redlock nodes");
	}

	@Override
	public void onRelease(ReleaseListener listener) {
		this.calls.nodes().forEach((node) -> node.onRelease(listener));
	}

	/**
	 * Subscribes on every node at once, each waiting for its confirmation at most
	 * {@code confirmWithin} and the node timeout: the release is announced by each node
	 * of the holder's quorum, and a notice from any wakes the waiter. Active while a
	 * quorum of the nodes' subscriptions is: one of them is among the holder's quorum.
	 */
	@Override
	public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		List<ReleaseSubscription> subscriptions = this.calls
			.onEveryNodeToTheEnd((node) -> node.subscribe(key, confirmWithin));
		int quorum = this.calls.quorum();
		return new ReleaseSubscription() {

			@Override
			public boolean isActive() {
				return subscriptions.stream().filter(ReleaseSubscription::isActive).count() >= quorum;
			}

			@Override
			public void close() {
				subscriptions.forEach(ReleaseSubscription::close);
			}

		};
	}

	@Override
	public boolean sendsReleaseNotices() {
		return true;
	}

	/**
	 * Whether a quorum of the nodes' subscriptions is up: one of them is among the
	 * holder's quorum.
	 */
	@Override
	public boolean releaseNoticesActive() {
		return this.calls.nodes().stream().filter(RedisLocker::releaseNoticesActive).count() >= this.calls.quorum();
	}

	/**
	 * The lease a node is asked for: the lease and the allowance for its clock running
	 * fast.
	 */
	static Duration withDrift(Duration lease) {
		return lease.plus(lease.dividedBy(100)).plusMillis(2);
	}

	/**
	 * What is left of the holder's lease, as the holder counts it, when a node keeps its
	 * lock for {@code nodeLease} more: the inverse of {@link #withDrift}, at least one
	 * millisecond.
	 */
	static Duration withoutDrift(Duration nodeLease) {
		return Duration.ofMillis(Math.max(1, (nodeLease.toMillis() - 2) * 100 / 101));
	}

	/**
	 * Subscribes again after a stop, and gets every node ready for the first lock
	 * (connected, scripts loaded, release-notice connection open), all at once, waiting
	 * at most the connect timeout; a node not ready by then is warned of by name.
	 */
	@Override
	public void start() {
		Map<String, Runnable> preparations = new LinkedHashMap<>();
		List<RedisLocker> nodes = this.calls.nodes();
		for (int i = 0; i < nodes.size(); i++) {
			RedisLocker node = nodes.get(i);
			if (node.resume()) {
				preparations.put(this.connections.names().get(i), node::prepare);
			}
		}
		StoreWarmUp.await(preparations, this.connections.connectTimeout());
	}

	@Override
	public void stop() {
		this.calls.nodes().forEach(RedisLocker::stop);
	}

	@Override
	public boolean isRunning() {
		return this.calls.nodes().stream().anyMatch(RedisLocker::isRunning);
	}

	@Override
	public int getPhase() {
		return RedisLocker.PHASE;
	}

	@Override
	public void close() {
		this.calls.nodes().forEach(RedisLocker::close);
		this.calls.close();
		this.connections.close();
	}

}
