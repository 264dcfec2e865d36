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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import io.github.distlock.LockHandle;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.test.redis.FaultProxy;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Faults of the connections between one process and Redis, made by a fault proxy; the
 * other process connects directly.
 * <ul>
 * <li>Lettuce re-sends a command whose reply was lost when it reconnects, so a script may
 * run twice (review finding 3). The proxy cuts the connection right after a lock script
 * reached Redis: the lock must come out as if the script had run once.
 * <li>A release notice published while the subscription is down is lost; the client
 * subscribes again on its own, and waiters must not sleep on until the holder's lease
 * would have run out.
 * </ul>
 */
@ExtendWith(OutputCaptureExtension.class)
class RedisConnectionFaultIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(10);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private FaultProxy proxy;

	private RedisLockFixture fixture;

	private RedisLockFixture otherProcess;

	/**
	 * Threads of the test's own: a small common pool (one thread on two cores, from JDK
	 * 25) would starve them.
	 */
	private final ExecutorService threads = Executors.newCachedThreadPool();

	@BeforeEach
	void setUp() {
		this.proxy = FaultProxy.start(redis.server());
		this.fixture = new RedisLockFixture(this.proxy.port(),
				new WatchdogSettings(Duration.ofSeconds(1), Duration.ofMillis(200), null),
				"replay-" + System.nanoTime());
		this.otherProcess = new RedisLockFixture(redis.server(), WatchdogSettings.watchdogLease(LEASE),
				this.fixture.prefix);
		// Loads every script, so a cut hits a script that runs rather than a NOSCRIPT
		// answer.
		try (LockHandle warmUp = this.fixture.template.tryAcquire("warm-up", null, Duration.ZERO).orElseThrow()) {
			warmUp.fencingToken();
		}
	}

	@AfterEach
	void tearDown() {
		this.threads.shutdownNow();
		this.fixture.close();
		this.otherProcess.close();
		this.proxy.close();
	}

	@Test
	void acquireWhoseReplyWasLostStillHoldsTheLock() throws Exception {
		CompletableFuture<Void> cut = this.proxy.cutAfterNext(scriptOn("k"));
		LockHandle handle = this.fixture.template.tryAcquire("k", LEASE, Duration.ZERO).orElseThrow();
		cut.get(10, TimeUnit.SECONDS);
		assertThat(handle.isHeld()).isTrue();
		assertThat(this.otherProcess.template.tryAcquire("k", LEASE, Duration.ZERO)).isEmpty();
		handle.close();
		assertThat(this.otherProcess.template.tryAcquire("k", LEASE, Duration.ZERO)).isPresent();
	}

	@Test
	void releaseWhoseReplyWasLostIsNoLostLease(CapturedOutput output) throws Exception {
		LockHandle handle = this.fixture.template.tryAcquire("k", LEASE, Duration.ZERO).orElseThrow();
		CompletableFuture<Void> cut = this.proxy.cutAfterNext(scriptOn("k"));
		handle.close();
		cut.get(10, TimeUnit.SECONDS);
		assertThat(this.fixture.template.statistics().leasesLost()).isZero();
		assertThat(this.fixture.template.statistics().releasesFailed()).isZero();
		assertThat(output).doesNotContain("integrity");
		assertThat(this.otherProcess.template.tryAcquire("k", LEASE, Duration.ZERO)).isPresent();
	}

	@Test
	void releaseSentAgainAfterAWaiterTookTheLockIsNoLostLease(CapturedOutput output) throws Exception {
		await().atMost(Duration.ofSeconds(10)).until(() -> this.otherProcess.locker.releaseNoticesActive());
		LockHandle handle = this.fixture.template.tryAcquire("k", LEASE, Duration.ZERO).orElseThrow();
		CompletableFuture<Optional<LockHandle>> waiter = CompletableFuture
			.supplyAsync(() -> this.otherProcess.template.tryAcquire("k", LEASE, LEASE), this.threads);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.otherProcess.redis.hasKey(this.fixture.lockKey("k") + ":waiters"));
		// The release deletes the lock, its reply is lost, and the waiter takes the lock
		// before it is sent again.
		this.proxy.cutAfterNext(scriptOn("k")).thenRun(() -> this.proxy.stall(Duration.ofMillis(500)));
		handle.close();
		try (LockHandle taken = waiter.get(10, TimeUnit.SECONDS).orElseThrow()) {
			assertThat(taken.isHeld()).isTrue();
		}
		assertThat(this.fixture.template.statistics().leasesLost()).isZero();
		assertThat(output).doesNotContain("integrity");
	}

	@Test
	void renewalWhoseReplyWasLostKeepsTheLock() throws Exception {
		LockHandle handle = this.fixture.template.tryAcquire("k", null, Duration.ZERO).orElseThrow();
		CompletableFuture<Void> cut = this.proxy.cutAfterNext(scriptOn("k"));
		cut.get(10, TimeUnit.SECONDS);
		Thread.sleep(1500);
		assertThat(handle.isHeld()).as("held past its first lease").isTrue();
		assertThat(this.otherProcess.template.tryAcquire("k", LEASE, Duration.ZERO)).isEmpty();
		handle.close();
		assertThat(this.fixture.template.statistics().leasesLost()).isZero();
	}

	@Test
	void fencingTokenWhoseReplyWasLostIsStillLargerThanTheOneBefore() throws Exception {
		long before;
		try (LockHandle first = this.fixture.template.tryAcquire("k", LEASE, Duration.ZERO).orElseThrow()) {
			before = first.fencingToken();
		}
		try (LockHandle second = this.fixture.template.tryAcquire("k", LEASE, Duration.ZERO).orElseThrow()) {
			CompletableFuture<Void> cut = this.proxy.cutAfterNext(scriptOn("k"));
			long token = second.fencingToken();
			cut.get(10, TimeUnit.SECONDS);
			assertThat(token).isGreaterThan(before);
		}
	}

	@Test
	void waiterAsksAgainOnceItsLostSubscriptionIsBack() throws Exception {
		Duration holderLease = Duration.ofSeconds(30);
		// Subscribed first, so the waiter sleeps until told rather than polling.
		await().atMost(Duration.ofSeconds(10)).until(() -> this.fixture.locker.releaseNoticesActive());
		LockHandle held = this.otherProcess.template.tryAcquire("k", holderLease, Duration.ZERO).orElseThrow();
		CompletableFuture<Optional<LockHandle>> waiter = CompletableFuture
			.supplyAsync(() -> this.fixture.template.tryAcquire("k", LEASE, holderLease), this.threads);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.otherProcess.redis.hasKey(this.fixture.lockKey("k") + ":waiters"));
		// The waiter's connections drop and cannot come back before the release is
		// announced.
		CompletableFuture<Void> stallOver = this.proxy.stall(Duration.ofSeconds(2));
		this.proxy.closeConnections();
		held.close();
		stallOver.get(10, TimeUnit.SECONDS);
		// Only asking again gets it the lock long before the holder's lease would have
		// run out.
		try (LockHandle taken = waiter.get(10, TimeUnit.SECONDS).orElseThrow()) {
			assertThat(taken.isHeld()).isTrue();
		}
	}

	@Test
	void leaseOfAnAcquireThatHadToSendItsScriptAgainCountsFromThen() {
		Duration lease = Duration.ofSeconds(10);
		// Less than the fixture's command timeout (1 s), which would fail the acquire.
		Duration delay = Duration.ofMillis(600);
		redis.server().flushScripts();
		// The acquire's EVALSHA, and so its NOSCRIPT answer, is held up; the script goes
		// again after that.
		this.proxy.stall(delay);
		try (LockHandle handle = this.fixture.template.tryAcquire("cold", lease, Duration.ZERO).orElseThrow()) {
			Duration leaseLeft = this.fixture.template.activity()
				.held()
				.stream()
				.filter((held) -> held.key().equals("cold"))
				.findFirst()
				.orElseThrow()
				.leaseLeft();
			// Less what the core allows for Redis's clock (1% and 2 ms), and half the
			// stall for the machine.
			Duration allowance = lease.dividedBy(100).plusMillis(2);
			assertThat(leaseLeft).isGreaterThan(lease.minus(allowance).minus(delay.dividedBy(2)));
		}
	}

	/** The next script (by SHA, or its source after NOSCRIPT) on the given lock. */
	private Predicate<List<String>> scriptOn(String key) {
		String lock = this.fixture.lockKey(key);
		return (command) -> command.get(0).toUpperCase().startsWith("EVAL") && command.contains(lock);
	}

}
