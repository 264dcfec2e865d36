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

package io.github.distlock.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.LockHandle;
import io.github.distlock.LockStoreException;
import io.github.distlock.LockTemplate;
import io.github.distlock.redis.ReplicaAcknowledgementException;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.test.redis.RedisServer;
import io.github.distlock.test.redis.RedisTopology;
import io.github.distlock.test.redis.RedisTopologyExtension;
import io.lettuce.core.KillArgs;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The starter while the master of a lock's slot is killed ({@code kill -9}) and a replica
 * takes over, with two application contexts as two instances, each configured as a user
 * would (a one second command timeout). Each test kills one master and lets it rejoin as
 * a replica afterwards. Figures are printed, never compared with a clock.
 */
abstract class AbstractFailoverIntegrationTests {

	/**
	 * Long enough that a lock left behind is told apart from one released, with a wait
	 * well short of it.
	 */
	static final Duration WATCHDOG_LEASE = Duration.ofSeconds(60);

	/**
	 * Well short of what is left of {@link #WATCHDOG_LEASE} after a failover: at least 40
	 * s less the failover.
	 */
	static final Duration WAIT_AFTER_FAILOVER = Duration.ofSeconds(20);

	final String prefix = "failover-" + UUID.randomUUID();

	private final RedisTopologyExtension<? extends RedisTopology> deployment;

	AbstractFailoverIntegrationTests(RedisTopologyExtension<? extends RedisTopology> deployment) {
		this.deployment = deployment;
	}

	RedisTopology topology() {
		return this.deployment.get();
	}

	/**
	 * Returns settings of the Redis client that the deployment needs beyond the
	 * connection.
	 */
	protected String[] clientProperties() {
		return new String[0];
	}

	ApplicationContextRunner contextRunner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, AopAutoConfiguration.class,
					RedisLockAutoConfiguration.class, DistributedLockAutoConfiguration.class))
			.withPropertyValues(topology().springDataRedisProperties())
			.withPropertyValues(clientProperties())
			.withPropertyValues("spring.data.redis.timeout=1s", "distlock.key-prefix=" + this.prefix,
					"distlock.watchdog.lease=" + WATCHDOG_LEASE.toSeconds() + "s");
	}

	String redisKey(String lock) {
		return "{" + this.prefix + ":" + lock + "}";
	}

	/** How many failovers the load test goes through: {@code -Dfailover.rounds=N}. */
	static final int ROUNDS = Integer.getInteger("failover.rounds", 1);

	@Test
	void underLoadEveryCallReturnsAndLockingResumesWithoutARestart() {
		contextRunner().run((first) -> contextRunner().run((second) -> {
			for (int round = 1; round <= ROUNDS; round++) {
				List<String> locks = locksOnOneMaster("load-" + round + "-", 3);
				RedisServer master = topology().masterOf(redisKey(locks.get(0)));
				try (FailoverLoad load = new FailoverLoad(locks)) {
					load.start(first.getBean(LockTemplate.class), 4);
					load.start(second.getBean(LockTemplate.class), 4);
					await().atMost(Duration.ofSeconds(30)).until(() -> load.acquired.get() >= 50);
					long killed = System.nanoTime();
					topology().kill(master);
					topology().awaitFailover(master);
					long failover = millisSince(killed);
					long before = load.acquired.get();
					await().atMost(Duration.ofMinutes(1)).until(() -> load.acquired.get() >= before + 50);
					long resumed = millisSince(killed);
					// Every call under way returns: none hangs.
					load.stop();
					System.out.printf("Failover %d: failed over after %d ms, 50 more locks taken %d ms after the kill; "
							+ "calls: %d locked, %d busy, %d failed, the longest %d ms (wait %d ms + timeout 1000 ms); "
							+ "overlapping holders %d, lost updates %d, stale fencing tokens %d%n", round, failover,
							resumed, load.acquired.get(), load.busy.get(), load.failed.get(),
							load.longestCallMillis.get(), FailoverLoad.WAIT.toMillis(), load.overlaps.get(),
							load.lostUpdates(), load.staleTokens.get());
				}
				finally {
					topology().rejoin(master);
				}
			}
		}));
	}

	/** Names of locks whose keys are on one master. */
	List<String> locksOnOneMaster(String namePrefix, int count) {
		RedisServer master = topology().masterOf(redisKey(namePrefix + 0));
		List<String> locks = new ArrayList<>();
		for (int i = 0; locks.size() < count; i++) {
			if (topology().masterOf(redisKey(namePrefix + i)).equals(master)) {
				locks.add(namePrefix + i);
			}
		}
		return locks;
	}

	@Test
	void aReleaseThatFailedDuringTheFailoverIsRetriedOnTheNewMaster() {
		contextRunner().run((first) -> contextRunner().run((second) -> {
			String lock = "held-at-kill";
			LockHandle held = first.getBean(LockTemplate.class).tryAcquire(lock, null, Duration.ZERO).orElseThrow();
			RedisServer master = topology().masterOf(redisKey(lock));
			// The lock must survive the failover for a release to be left to do on the
			// new master.
			await().atMost(Duration.ofSeconds(10))
				.until(() -> replicaHas(topology().replicaOf(master), redisKey(lock)));
			topology().kill(master);
			try {
				long releaseStarted = System.nanoTime();
				// The holder lets go while the master is dead: its release cannot reach
				// Redis.
				CompletableFuture.runAsync(held::close).get(1, TimeUnit.MINUTES);
				System.out.printf("Release during the failover returned after %d ms%n", millisSince(releaseStarted));
				topology().awaitFailover(master);
				long failedOver = System.nanoTime();
				Optional<LockHandle> taken = CompletableFuture
					.supplyAsync(() -> takeWithin(second.getBean(LockTemplate.class), lock, WAIT_AFTER_FAILOVER))
					.get(1, TimeUnit.MINUTES);
				System.out.printf("Another instance %s the lock %d ms after the failover completed (lease %d s)%n",
						taken.isPresent() ? "took" : "could not take", millisSince(failedOver),
						WATCHDOG_LEASE.toSeconds());
				// Within a wait well short of the lease it had left: its release was
				// retried on the new master.
				assertThat(taken).isPresent();
				taken.get().close();
			}
			finally {
				topology().rejoin(master);
			}
		}));
	}

	@Test
	void aLockTheReplicaMissedIsLostInTheFailoverAndGrantedTwice() {
		contextRunner().run((first) -> contextRunner().run((second) -> {
			String lock = "missed";
			RedisServer master = topology().masterOf(redisKey(lock));
			RedisServer replica = topology().replicaOf(master);
			cutOff(replica, master);
			long acquired = System.nanoTime();
			LockHandle held = first.getBean(LockTemplate.class)
				.tryAcquire(lock, WATCHDOG_LEASE, Duration.ZERO)
				.orElseThrow();
			topology().kill(master);
			replica.resume();
			try {
				topology().awaitFailover(master);
				LockHandle taken = takeWithin(second.getBean(LockTemplate.class), lock, WAIT_AFTER_FAILOVER)
					.orElseThrow();
				// Granted again while its holder, whose lease has most of a minute to
				// run, still holds it.
				assertThat(held.isHeld()).isTrue();
				System.out.printf(
						"A lock the replica missed was granted again %d ms after it was taken: both believe they "
								+ "hold it for the %d ms left of the first holder's lease%n",
						millisSince(acquired), WATCHDOG_LEASE.toMillis() - millisSince(acquired));
				taken.close();
				held.close();
			}
			finally {
				topology().rejoin(master);
			}
		}));
	}

	@Test
	void withReplicaAcknowledgementALockIsGrantedOnceTheReplicaHasIt() {
		// Long enough for the replica's own once-a-second acknowledgement, should it have
		// just come back.
		contextRunner().withPropertyValues("distlock.replica-ack.replicas=1", "distlock.replica-ack.timeout=2s")
			.run((instance) -> {
				String lock = "acknowledged";
				RedisServer replica = awaitReplicaInSync(lock);
				try (LockHandle held = instance.getBean(LockTemplate.class)
					.tryAcquire(lock, WATCHDOG_LEASE, Duration.ZERO)
					.orElseThrow()) {
					assertThat(replicaHas(replica, redisKey(lock))).isTrue();
				}
			});
	}

	@Test
	void withReplicaAcknowledgementAnAcquisitionFailsWhileTheReplicaIsPausedAndLeavesNoLock() {
		contextRunner().withPropertyValues("distlock.replica-ack.replicas=1", "distlock.replica-ack.timeout=200ms")
			.run((instance) -> {
				String lock = "unacknowledged";
				RedisServer master = topology().masterOf(redisKey(lock));
				RedisServer replica = topology().replicaOf(master);
				replica.pause();
				try {
					long started = System.nanoTime();
					assertThatExceptionOfType(LockStoreException.class).isThrownBy(
							() -> instance.getBean(LockTemplate.class).tryAcquire(lock, WATCHDOG_LEASE, Duration.ZERO))
						.withCauseInstanceOf(ReplicaAcknowledgementException.class)
						.withMessageContaining("0 of the 1 replicas");
					System.out.printf(
							"An acquisition the paused replica did not acknowledge failed after %d ms (timeout 200 ms)%n",
							millisSince(started));
					assertThat(instance.getBean(StringRedisTemplate.class).hasKey(redisKey(lock))).isFalse();
				}
				finally {
					replica.resume();
				}
			});
	}

	@Test
	void withReplicaAcknowledgementALockTakenRightBeforeTheKillSurvivesTheFailover() {
		contextRunner().withPropertyValues("distlock.replica-ack.replicas=1", "distlock.replica-ack.timeout=2s")
			.run((first) -> contextRunner().run((second) -> {
				String lock = "survivor";
				awaitReplicaInSync(lock);
				RedisServer master = topology().masterOf(redisKey(lock));
				LockHandle held = first.getBean(LockTemplate.class)
					.tryAcquire(lock, WATCHDOG_LEASE, Duration.ZERO)
					.orElseThrow();
				topology().kill(master);
				try {
					topology().awaitFailover(master);
					StringRedisTemplate redis = second.getBean(StringRedisTemplate.class);
					// Asked until the client has found the new master.
					Boolean kept = await().atMost(Duration.ofSeconds(30))
						.ignoreExceptions()
						.until(() -> redis.hasKey(redisKey(lock)), (answer) -> answer != null);
					assertThat(kept).isTrue();
					assertThat(second.getBean(LockTemplate.class).tryAcquire(lock, WATCHDOG_LEASE, Duration.ZERO))
						.isEmpty();
					held.close();
				}
				finally {
					topology().rejoin(master);
				}
			}));
	}

	/**
	 * Waits until the master of the lock's key has its replica connected and in sync: an
	 * earlier test may have paused it, or made it a replica anew after a failover, and it
	 * may still be catching up. The master is asked for anew each time, as a loaded
	 * machine may have failed it over meanwhile.
	 * @return the replica
	 */
	private RedisServer awaitReplicaInSync(String lock) {
		AtomicReference<RedisServer> inSync = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(30)).until(() -> {
			RedisServer master = topology().masterOf(redisKey(lock));
			RedisServer replica = topology().replicaOf(master);
			inSync.set(replica);
			return replica.withConnection((redis) -> redis.sync().info("replication")).contains("master_link_status:up")
					&& master.withConnection((redis) -> redis.sync().info("replication")).contains("state=online");
		});
		return inSync.get();
	}

	/**
	 * Keeps a replica from getting the master's next writes: paused, so that it cannot
	 * connect again, and its replication link cut by the master.
	 */
	static void cutOff(RedisServer replica, RedisServer master) {
		replica.pause();
		master.withConnection((connection) -> connection.sync().clientKill(KillArgs.Builder.typeSlave()));
	}

	/**
	 * Takes a lock as a caller that tries again every 50 ms, also when Redis fails, as it
	 * does until the client has found the new master; gives up after {@code wait}.
	 */
	static Optional<LockHandle> takeWithin(LockTemplate locks, String lock, Duration wait) {
		AtomicReference<LockHandle> taken = new AtomicReference<>();
		try {
			await().atMost(wait)
				.pollInterval(Duration.ofMillis(50))
				.ignoreException(LockStoreException.class)
				.until(() -> {
					locks.tryAcquire(lock, Duration.ofSeconds(5), Duration.ZERO).ifPresent(taken::set);
					return taken.get() != null;
				});
		}
		catch (ConditionTimeoutException ex) {
			return Optional.empty();
		}
		return Optional.of(taken.get());
	}

	/**
	 * Whether a replica has a key; {@code KEYS}, since a cluster replica redirects reads
	 * of a key to its master.
	 */
	static boolean replicaHas(RedisServer replica, String key) {
		return !replica.withConnection((connection) -> connection.sync().keys(key)).isEmpty();
	}

	static long millisSince(long nanoTime) {
		return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanoTime);
	}

}
