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
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Renewal;
import io.github.distlock.test.redis.RedisServer;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Behaviours 8 and 9: round trips counted by the server ({@code INFO commandstats}), and
 * scripts that survive {@code SCRIPT FLUSH}.
 */
class RedisRoundTripIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(10);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private RedisLockFixture fixture;

	@BeforeEach
	void setUp() {
		this.fixture = new RedisLockFixture(redis.server());
		acquire("warm-up").close();
	}

	@AfterEach
	void tearDown() {
		this.fixture.close();
	}

	@Test
	void freeLockIsAcquiredInOneRoundTrip() {
		server().resetStatistics();
		LockHandle handle = acquire("free");
		assertThat(roundTrips()).isOne();
		handle.close();
	}

	@Test
	void lockIsReleasedInOneRoundTrip() {
		LockHandle handle = acquire("release");
		server().resetStatistics();
		handle.close();
		assertThat(roundTrips()).isOne();
	}

	@Test
	void lockIsRenewedInOneRoundTrip() {
		try (LockHandle handle = acquire("renew")) {
			List<LeaseRequest> renewal = List.of(new LeaseRequest("renew", owner("renew"), LEASE));
			// The first call on a server loads the script (EVALSHA, NOSCRIPT, EVAL);
			// count a later one.
			this.fixture.locker.renew(renewal);
			server().resetStatistics();
			assertThat(this.fixture.locker.renew(renewal)).containsExactly(Renewal.RENEWED);
			assertThat(roundTrips()).isOne();
		}
	}

	@Test
	void aHundredLocksAreRenewedInOneRoundTrip() {
		List<LockHandle> handles = new ArrayList<>();
		List<LeaseRequest> renewals = new ArrayList<>();
		for (int i = 0; i < 250; i++) {
			handles.add(acquire("many-" + i));
			renewals.add(new LeaseRequest("many-" + i, owner("many-" + i), LEASE));
		}
		this.fixture.locker.renew(renewals.subList(0, 1));
		server().resetStatistics();
		assertThat(this.fixture.locker.renew(renewals)).hasSize(250).containsOnly(Renewal.RENEWED);
		assertThat(roundTrips()).isEqualTo(3);
		handles.forEach(LockHandle::close);
	}

	@Test
	void fencingTokenCostsOneRoundTripTheFirstTimeItIsAskedFor() {
		try (LockHandle warmUp = acquire("loads-the-script")) {
			warmUp.fencingToken();
		}
		server().resetStatistics();
		try (LockHandle handle = acquire("fenced")) {
			assertThat(roundTrips()).isOne();
			long token = handle.fencingToken();
			assertThat(handle.fencingToken()).isEqualTo(token);
			assertThat(roundTrips()).isEqualTo(2);
		}
	}

	@Test
	void reentryCostsNoRoundTrip() {
		try (LockHandle outer = acquire("nested")) {
			server().resetStatistics();
			acquire("nested").close();
			assertThat(roundTrips()).isZero();
		}
	}

	@Test
	void waitersOfOneProcessAskTwiceAndDoNotPoll() throws Exception {
		try (RedisLockFixture otherProcess = new RedisLockFixture(redis.server(),
				WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), this.fixture.prefix)) {
			LockHandle held = otherProcess.template.tryAcquire("crowded", Duration.ofSeconds(30), Duration.ZERO)
				.orElseThrow();
			ExecutorService waiters = Executors.newFixedThreadPool(10);
			CountDownLatch acquired = new CountDownLatch(10);
			server().resetStatistics();
			for (int i = 0; i < 10; i++) {
				waiters.submit(() -> {
					this.fixture.template.tryAcquire("crowded", LEASE, Duration.ofSeconds(20)).orElseThrow().close();
					acquired.countDown();
				});
			}
			Thread.sleep(1000);
			long whileHeld = roundTrips();
			held.close();
			assertThat(acquired.await(20, TimeUnit.SECONDS)).isTrue();
			waiters.shutdownNow();
			// The busy answer, and the attempt right after subscribing to the lock's
			// notices (PROTOCOL.md, invariant 9).
			assertThat(whileHeld).isEqualTo(2);
		}
	}

	@Test
	void locksStillWorkAfterScriptFlush() {
		acquire("flushed").close();
		server().flushScripts();
		server().resetStatistics();
		try (LockHandle handle = acquire("flushed")) {
			assertThat(handle.isHeld()).isTrue();
		}
		assertThat(server().commandCalls()).containsKey("eval");
		assertThat(this.fixture.redis.hasKey(this.fixture.lockKey("flushed"))).isFalse();
	}

	private String owner(String key) {
		return this.fixture.redis.opsForValue().get(this.fixture.lockKey(key));
	}

	private LockHandle acquire(String key) {
		return this.fixture.template.tryAcquire(key, LEASE, Duration.ZERO).orElseThrow();
	}

	private static RedisServer server() {
		return redis.server();
	}

	/**
	 * Requests the locker sent: it sends nothing but scripts. (The server's statistics
	 * also count the commands a script runs, so those are not round trips.)
	 */
	private static long roundTrips() {
		Map<String, Long> calls = server().commandCalls();
		return calls.getOrDefault("evalsha", 0L) + calls.getOrDefault("eval", 0L);
	}

}
