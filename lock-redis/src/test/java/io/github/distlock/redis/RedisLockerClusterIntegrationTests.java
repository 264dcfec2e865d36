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
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.Renewal;
import io.github.distlock.test.redis.RedisCluster;
import io.github.distlock.test.redis.RedisServer;
import io.github.distlock.test.redis.RedisTopologyExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@link Locker} contract run against {@link RedisLocker} on a Redis Cluster of three
 * masters, each with a replica, through a {@code RedisClusterConfiguration}; and what
 * only a cluster checks: renewals of locks on every master cut by slot, and braces in
 * keys and prefixes, which must not split a lock's keys over slots (Redis would refuse
 * its scripts with CROSSSLOT).
 */
class RedisLockerClusterIntegrationTests extends AbstractRedisLockerContractTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@RegisterExtension
	static final RedisTopologyExtension<RedisCluster> redis = RedisTopologyExtension.cluster();

	private static LettuceConnectionFactory connectionFactory;

	@BeforeAll
	static void connect() {
		connectionFactory = RedisConnections.cluster(redis.get().addresses());
	}

	@AfterAll
	static void disconnect() {
		connectionFactory.destroy();
	}

	@Override
	protected RedisConnectionFactory connectionFactory() {
		return connectionFactory;
	}

	@Override
	protected void loseAllData() {
		connectionFactory.getClusterConnection().serverCommands().flushAll();
	}

	/**
	 * Fewer than on one server: the cluster's six processes share the machine's cores
	 * with the test.
	 */
	@Override
	protected int footprintLocks() {
		return 10_000;
	}

	@Nested
	class StartUp {

		@Test
		void startLoadsTheScriptsOnEveryNode() {
			redis.get().nodes().forEach(RedisServer::flushScripts);
			try (RedisLocker locker = new RedisLocker(connectionFactory, prefix())) {
				locker.start();
				assertThat(redis.get().nodes()).allMatch(ScriptCache::loaded);
			}
		}

	}

	@Nested
	class Slots {

		@Test
		void renewsLocksOnEveryMasterInCallersOrder() {
			RedisLockKeys keys = new RedisLockKeys(prefix());
			List<LeaseRequest> leases = new ArrayList<>();
			List<Renewal> expected = new ArrayList<>();
			for (int i = 0; i < 300; i++) {
				String key = "many:" + UUID.randomUUID();
				leases.add(new LeaseRequest(key, "owner", LEASE));
				boolean held = i % 3 != 0;
				if (held) {
					locker().tryAcquire(key, "owner", LEASE, Duration.ZERO);
				}
				expected.add(held ? Renewal.RENEWED : Renewal.LOST);
			}
			assertThat(leases.stream()
				.map((lease) -> ClusterSlotHashUtil.calculateSlot(keys.lock(lease.key())))
				.distinct()).hasSizeGreaterThan(100);
			assertThat(leases.stream().map((lease) -> redis.get().masterOf(keys.lock(lease.key()))).distinct())
				.hasSize(3);
			assertThat(locker().renew(leases)).isEqualTo(expected);
		}

		@Test
		void callsHoldOneSlotAndAtMostAHundredLocks() {
			List<String> keys = new ArrayList<>();
			IntStream.range(0, 250).forEach((i) -> keys.add("{same}:" + i));
			IntStream.range(0, 50).forEach((i) -> keys.add("other:" + i));
			List<List<Integer>> calls = RedisRenewals.calls(keys, true);
			assertThat(calls).allSatisfy((call) -> assertThat(call).hasSizeLessThanOrEqualTo(RedisRenewals.MAX_LOCKS)
				.extracting((position) -> ClusterSlotHashUtil.calculateSlot(keys.get(position)))
				.containsOnly(ClusterSlotHashUtil.calculateSlot(keys.get(call.get(0)))));
			assertThat(calls.stream().mapToInt(List::size).sum()).isEqualTo(300);
			assertThat(RedisRenewals.calls(keys, false)).hasSize(3);
		}

	}

	/** Replica acknowledgement on the master of each lock's slot. */
	@Nested
	class Acknowledged {

		private final RedisLocker acknowledged = new RedisLocker(connectionFactory, prefix(),
				new ReplicaAcknowledgement(1, Duration.ofSeconds(10)));

		/** A thread of the test's own: a small common pool may be busy. */
		private final ExecutorService thread = Executors.newSingleThreadExecutor();

		@AfterEach
		void close() {
			this.thread.shutdownNow();
			this.acknowledged.close();
		}

		@Test
		void renewsLocksOnEveryMasterOnceTheirReplicasHaveThem() {
			List<LeaseRequest> leases = new ArrayList<>();
			for (int i = 0; i < 30; i++) {
				String key = "acknowledged:" + i;
				assertThat(this.acknowledged.tryAcquire(key, "owner", LEASE, Duration.ZERO)).returns(true,
						Acquisition::acquired);
				leases.add(new LeaseRequest(key, "owner", LEASE));
			}
			RedisLockKeys keys = new RedisLockKeys(prefix());
			assertThat(leases.stream().map((lease) -> redis.get().masterOf(keys.lock(lease.key()))).distinct())
				.hasSize(3);
			assertThat(this.acknowledged.renew(leases)).hasSize(30).containsOnly(Renewal.RENEWED);
		}

		@Test
		void anAcquisitionWhoseConnectionDroppedBeforeWaitAnsweredIsNotGranted() {
			RedisServer master = redis.get().masterOf(new RedisLockKeys(prefix()).lock("dropped"));
			RedisServer replica = redis.get().replicaOf(master);
			// Connects while every node answers: finding the cluster's topology asks the
			// paused replica too.
			assertThat(this.acknowledged.tryAcquire("warm-up", "owner", LEASE, Duration.ZERO)).returns(true,
					Acquisition::acquired);
			replica.pause();
			try {
				CompletableFuture<Acquisition> acquisition = CompletableFuture.supplyAsync(
						() -> this.acknowledged.tryAcquire("dropped", "owner", LEASE, Duration.ZERO), this.thread);
				await().atMost(Duration.ofSeconds(5)).until(() -> master.killClientsBlockedIn("wait") > 0);
				assertThat(acquisition).failsWithin(Duration.ofSeconds(20))
					.withThrowableOfType(ExecutionException.class)
					.withCauseInstanceOf(ReplicaAcknowledgementException.class);
			}
			finally {
				replica.resume();
			}
		}

	}

	@Nested
	class Braces {

		private final List<String> keys = List.of("goods:42", "a}b", "{a}", "}", "{", "{}", "x{y}z", "}{");

		@ParameterizedTest
		@ValueSource(strings = { "lock", "lo}ck", "{lock}", "lock{", "{", "{}" })
		void everyOperationOfALockStaysInOneSlot(String prefix) {
			try (RedisLockers braced = new RedisLockers(prefix + UUID.randomUUID())) {
				RedisLocker holder = braced.create(connectionFactory, RedisLocker.GIVE_WAY);
				RedisLocker waiter = braced.create(connectionFactory, RedisLocker.GIVE_WAY);
				for (String key : this.keys) {
					assertThat(holder.tryAcquire(key, "holder", LEASE, Duration.ZERO)).as(key)
						.returns(true, Acquisition::acquired);
					assertThat(waiter.tryAcquire(key, "waiter", LEASE, LEASE).acquired()).as(key).isFalse();
					assertThat(holder.renew(List.of(new LeaseRequest(key, "holder", LEASE)))).as(key)
						.containsExactly(Renewal.RENEWED_OTHERS_WAITING);
					assertThat(holder.fence(key, "holder")).as(key).isPositive();
					assertThat(holder.find(key)).as(key).isPresent();
					assertThat(holder.giveWay(key, "holder")).as(key).isEqualTo(Release.RELEASED);
					assertThat(waiter.tryAcquire(key, "waiter", LEASE, Duration.ZERO)).as(key)
						.returns(true, Acquisition::acquired);
					assertThat(waiter.release(key, "waiter")).as(key).isEqualTo(Release.RELEASED);
				}
			}
		}

	}

}
