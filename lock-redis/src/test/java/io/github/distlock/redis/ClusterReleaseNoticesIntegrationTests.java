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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.test.redis.RedisCluster;
import io.github.distlock.test.redis.RedisServer;
import io.github.distlock.test.redis.RedisTopologyExtension;
import io.lettuce.core.KillArgs;
import io.lettuce.core.MigrateArgs;
import io.lettuce.core.cluster.SlotHash;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Release notices in a Redis Cluster (Redis 7): a release is announced by sharded pub/sub
 * on the master that owns the lock, to the process that waits for that lock, and to no
 * process waiting for another; a process subscribes to a lock's channel only while it
 * waits for it.
 */
class ClusterReleaseNoticesIntegrationTests {

	private static final Duration HOLDER_LEASE = Duration.ofSeconds(60);

	@RegisterExtension
	static final RedisTopologyExtension<RedisCluster> redis = RedisTopologyExtension.cluster();

	private final String prefix = "notices-" + UUID.randomUUID();

	private final RedisLockKeys keys = new RedisLockKeys(this.prefix);

	private final List<LettuceConnectionFactory> connections = List.of(connect(), connect(), connect());

	private final List<RedisLocker> lockers = this.connections.stream()
		.map((connection) -> new RedisLocker(connection, this.prefix))
		.toList();

	private final List<DefaultLockTemplate> processes = this.lockers.stream()
		.map((locker) -> new DefaultLockTemplate(locker, WatchdogSettings.watchdogLease(Duration.ofSeconds(30))))
		.toList();

	private final ExecutorService threads = Executors.newCachedThreadPool();

	/** Each test, so that each is reported skipped with the reason. */
	@BeforeEach
	void needsShardedPubSub() {
		int version = redis.get().nodes().get(0).majorVersion();
		assumeTrue(version >= 7, "sharded pub/sub (SSUBSCRIBE, SPUBLISH, PUBSUB SHARDNUMSUB) needs Redis 7 or later, "
				+ "and the redis-server found is Redis " + version + ": put Redis 7 on the PATH to run these tests");
	}

	@AfterEach
	void close() {
		this.threads.shutdownNow();
		this.processes.forEach(DefaultLockTemplate::close);
		this.lockers.forEach(RedisLocker::close);
		this.connections.forEach(LettuceConnectionFactory::destroy);
	}

	@Test
	void releaseIsAnnouncedOnTheLocksShardToItsWaiterOnly() throws Exception {
		List<String> locks = locksOnTwoMasters();
		String a = locks.get(0);
		String b = locks.get(1);
		BlockingQueue<String> toA = listen(this.lockers.get(1));
		BlockingQueue<String> toB = listen(this.lockers.get(2));
		LockHandle heldA = this.processes.get(0).tryAcquire(a, HOLDER_LEASE, Duration.ZERO).orElseThrow();
		LockHandle heldB = this.processes.get(0).tryAcquire(b, HOLDER_LEASE, Duration.ZERO).orElseThrow();
		CompletableFuture<Optional<LockHandle>> waiterA = waitFor(1, a);
		CompletableFuture<Optional<LockHandle>> waiterB = waitFor(2, b);
		await().atMost(Duration.ofSeconds(10)).until(() -> subscribers(a) == 1 && subscribers(b) == 1);
		assertThat(shardChannelsOfTheTest()).containsOnly(
				Map.entry(master(a).port(), List.of(this.keys.noticeChannel(a))),
				Map.entry(master(b).port(), List.of(this.keys.noticeChannel(b))));
		redis.get().nodes().forEach(RedisServer::resetStatistics);
		heldA.close();
		try (LockHandle taken = waiterA.get(10, TimeUnit.SECONDS).orElseThrow()) {
			assertThat(taken.isHeld()).isTrue();
		}
		assertThat(toA).containsOnly(a);
		assertThat(waiterB).isNotDone();
		assertThat(master(a).commandCalls()).containsEntry("spublish", 1L);
		assertThat(redis.get().nodes())
			.allSatisfy((node) -> assertThat(node.commandCalls()).doesNotContainKey("publish"));
		heldB.close();
		waiterB.get(10, TimeUnit.SECONDS).orElseThrow().close();
		assertThat(toB).containsOnly(b);
		assertThat(toA).doesNotContain(b);
		await().atMost(Duration.ofSeconds(10)).until(() -> shardChannelsOfTheTest().isEmpty());
	}

	@Test
	void waiterIsToldOfAReleaseAfterItsPubSubConnectionWasRestored() throws Exception {
		List<String> locks = locksInTwoSlotsOfOneMaster();
		String a = locks.get(0);
		String b = locks.get(1);
		LockHandle heldA = this.processes.get(0).tryAcquire(a, HOLDER_LEASE, Duration.ZERO).orElseThrow();
		LockHandle heldB = this.processes.get(0).tryAcquire(b, HOLDER_LEASE, Duration.ZERO).orElseThrow();
		CompletableFuture<Optional<LockHandle>> waiterA = waitFor(1, a);
		CompletableFuture<Optional<LockHandle>> waiterB = waitFor(1, b);
		await().atMost(Duration.ofSeconds(10)).until(() -> subscribers(a) == 1 && subscribers(b) == 1);
		// A network blip on the waiter's pub/sub connection to that master: Lettuce
		// connects again and
		// subscribes both channels with one SSUBSCRIBE, which the server refuses
		// (CROSSSLOT).
		long connections = connections(master(a));
		assertThat(killPubSubConnections(master(a))).isOne();
		await().atMost(Duration.ofSeconds(10)).until(() -> connections(master(a)) == connections);
		heldA.close();
		// Told, or looking again while not subscribed, it takes the lock long before its
		// wait ends.
		assertThat(waiterA.get(10, TimeUnit.SECONDS))
			.hasValueSatisfying((taken) -> assertThat(taken.isHeld()).isTrue());
		heldB.close();
		assertThat(waiterB.get(10, TimeUnit.SECONDS)).isPresent();
	}

	@Test
	void waiterIsToldOfAReleaseAfterItsLocksSlotMovedToAnotherMaster() throws Exception {
		List<String> locks = locksOnTwoMasters();
		String a = locks.get(0);
		RedisServer from = master(a);
		RedisServer to = master(locks.get(1));
		LockHandle held = this.processes.get(0).tryAcquire(a, HOLDER_LEASE, Duration.ZERO).orElseThrow();
		CompletableFuture<Optional<LockHandle>> waiter = waitFor(1, a);
		await().atMost(Duration.ofSeconds(10)).until(() -> subscribers(a) == 1);
		// The old master unsubscribes the channel, which is subscribed again on the new
		// one.
		moveSlot(SlotHash.getSlot(this.keys.lock(a)), from, to);
		await().atMost(Duration.ofSeconds(10)).until(() -> master(a).port() == to.port() && subscribers(a) == 1);
		held.close();
		assertThat(waiter.get(10, TimeUnit.SECONDS)).hasValueSatisfying((taken) -> assertThat(taken.isHeld()).isTrue());
	}

	@Test
	void channelThatTheClusterCannotServeIsSubscribedOnceItCanAndNotRefused() throws Exception {
		String lock = "goods:1";
		RedisServer master = master(lock);
		int slot = SlotHash.getSlot(this.keys.lock(lock));
		LockHandle held = this.processes.get(0).tryAcquire(lock, HOLDER_LEASE, Duration.ZERO).orElseThrow();
		CompletableFuture<Optional<LockHandle>> waiter = waitFor(1, lock);
		await().atMost(Duration.ofSeconds(10)).until(() -> subscribers(lock) == 1);
		// Subscribed again while the master serves the slot no more: CLUSTERDOWN, an
		// error, not a refusal.
		master.withConnection((connection) -> connection.sync().clusterDelSlots(slot));
		killPubSubConnections(master);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> master.withConnection((connection) -> connection.sync().info("errorstats"))
				.contains("CLUSTERDOWN"));
		assertThat(this.lockers.get(1).releaseNoticesActive()).isTrue();
		master.withConnection((connection) -> connection.sync().clusterAddSlots(slot));
		await().atMost(Duration.ofSeconds(10)).until(() -> subscribers(lock) == 1);
		held.close();
		assertThat(waiter.get(10, TimeUnit.SECONDS)).hasValueSatisfying((taken) -> assertThat(taken.isHeld()).isTrue());
	}

	/**
	 * A waiter that waits as long as the holder's lease: only a notice, or looking again,
	 * ends its wait early.
	 */
	private CompletableFuture<Optional<LockHandle>> waitFor(int process, String lock) {
		return CompletableFuture
			.supplyAsync(() -> this.processes.get(process).tryAcquire(lock, HOLDER_LEASE, HOLDER_LEASE), this.threads);
	}

	private static BlockingQueue<String> listen(RedisLocker locker) {
		BlockingQueue<String> notices = new LinkedBlockingQueue<>();
		locker.onRelease(notices::add);
		return notices;
	}

	/** Two lock names whose locks live on different masters. */
	private List<String> locksOnTwoMasters() {
		String first = "goods:1";
		for (int i = 2;; i++) {
			String other = "goods:" + i;
			if (master(other).port() != master(first).port()) {
				return List.of(first, other);
			}
		}
	}

	/** Two lock names whose locks live in different slots of one master. */
	private List<String> locksInTwoSlotsOfOneMaster() {
		String first = "goods:1";
		for (int i = 2;; i++) {
			String other = "goods:" + i;
			if (master(other).port() == master(first).port()
					&& SlotHash.getSlot(this.keys.lock(other)) != SlotHash.getSlot(this.keys.lock(first))) {
				return List.of(first, other);
			}
		}
	}

	/**
	 * Moves a slot and its keys from one master to another, as
	 * {@code redis-cli --cluster reshard} does.
	 */
	private static void moveSlot(int slot, RedisServer from, RedisServer to) {
		String fromId = from.withConnection((connection) -> connection.sync().clusterMyId());
		String toId = to.withConnection((connection) -> connection.sync().clusterMyId());
		to.withConnection((connection) -> connection.sync().clusterSetSlotImporting(slot, fromId));
		from.withConnection((connection) -> {
			connection.sync().clusterSetSlotMigrating(slot, toId);
			List<String> keys = connection.sync().clusterGetKeysInSlot(slot, 100);
			connection.sync().migrate(to.host(), to.port(), 0, 5000, MigrateArgs.Builder.keys(keys));
			return null;
		});
		for (RedisServer node : List.of(to, from)) {
			node.withConnection((connection) -> connection.sync().clusterSetSlotNode(slot, toId));
		}
	}

	private static long killPubSubConnections(RedisServer node) {
		return node.withConnection((connection) -> connection.sync().clientKill(KillArgs.Builder.typePubsub()));
	}

	/** Client connections of the node, the test's own one included. */
	private static long connections(RedisServer node) {
		return node.withConnection((connection) -> connection.sync().clientList().lines().count());
	}

	private RedisServer master(String lock) {
		return redis.get().masterOf(this.keys.lock(lock));
	}

	/**
	 * Subscribers of the lock's channel on the master that owns it
	 * ({@code PUBSUB SHARDNUMSUB}).
	 */
	private long subscribers(String lock) {
		String channel = this.keys.noticeChannel(lock);
		return master(lock).withConnection((connection) -> connection.sync().pubsubShardNumsub(channel)).get(channel);
	}

	/**
	 * The test's shard channels with subscribers, by node ({@code PUBSUB SHARDCHANNELS}
	 * on each).
	 */
	private Map<Integer, List<String>> shardChannelsOfTheTest() {
		Map<Integer, List<String>> channels = new TreeMap<>();
		for (RedisServer node : redis.get().nodes()) {
			List<String> subscribed = node
				.withConnection((connection) -> connection.sync().pubsubShardChannels("{" + this.prefix + ":*"));
			if (!subscribed.isEmpty()) {
				channels.put(node.port(), subscribed);
			}
		}
		return channels;
	}

	private static LettuceConnectionFactory connect() {
		return RedisConnections.cluster(redis.get().addresses());
	}

}
