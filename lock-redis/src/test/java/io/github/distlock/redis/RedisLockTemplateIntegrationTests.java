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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.LockHandle;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.store.Acquisition;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * The contract's behaviours 1-7 for {@code LockTemplate} over a real Redis.
 */
class RedisLockTemplateIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(10);

	/**
	 * Sections of 1 ms in a busy process after which it has surely checked in with Redis
	 * and given way.
	 */
	private static final int SECTIONS_BEFORE_GIVING_WAY = 100;

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private RedisLockFixture fixture;

	private ExecutorService threads;

	@BeforeEach
	void setUp() {
		this.fixture = new RedisLockFixture(redis.server());
		this.threads = Executors.newFixedThreadPool(32);
	}

	@AfterEach
	void tearDown() throws InterruptedException {
		this.threads.shutdownNow();
		assertThat(this.threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
		this.fixture.close();
	}

	@Test
	void readModifyWriteUnderLockLosesNoUpdate() throws Exception {
		int threadCount = 32;
		int incrementsPerThread = 40;
		String counter = this.fixture.prefix + ":counter";
		List<Future<?>> workers = new ArrayList<>();
		CountDownLatch start = new CountDownLatch(1);
		for (int t = 0; t < threadCount; t++) {
			workers.add(this.threads.submit(() -> {
				start.await();
				for (int i = 0; i < incrementsPerThread; i++) {
					this.fixture.template.execute("counter", LEASE, Duration.ofSeconds(30),
							() -> incrementNonAtomically(counter));
				}
				return null;
			}));
		}
		start.countDown();
		for (Future<?> worker : workers) {
			worker.get(120, TimeUnit.SECONDS);
		}
		assertThat(this.fixture.redis.opsForValue().get(counter))
			.isEqualTo(String.valueOf(threadCount * incrementsPerThread));
	}

	@Test
	void readModifyWriteWithoutLockLosesUpdates() throws Exception {
		String counter = this.fixture.prefix + ":unguarded";
		List<Future<?>> workers = new ArrayList<>();
		CountDownLatch start = new CountDownLatch(1);
		for (int t = 0; t < 32; t++) {
			workers.add(this.threads.submit(() -> {
				start.await();
				for (int i = 0; i < 40; i++) {
					incrementNonAtomically(counter);
				}
				return null;
			}));
		}
		start.countDown();
		for (Future<?> worker : workers) {
			worker.get(60, TimeUnit.SECONDS);
		}
		assertThat(Integer.parseInt(this.fixture.redis.opsForValue().get(counter))).isLessThan(32 * 40);
	}

	@Test
	void otherThreadCannotTakeHeldLock() throws Exception {
		try (LockHandle held = acquire("busy", LEASE)) {
			assertThat(otherThread(() -> this.fixture.template.tryAcquire("busy", LEASE, Duration.ZERO))).isEmpty();
			assertThat(held.isHeld()).isTrue();
		}
		assertThat(otherThread(() -> this.fixture.template.tryAcquire("busy", LEASE, Duration.ZERO))).isPresent();
	}

	@Test
	void independentKeysDoNotExcludeEachOther() throws Exception {
		try (LockHandle first = acquire("a", LEASE)) {
			assertThat(otherThread(() -> this.fixture.template.tryAcquire("b", LEASE, Duration.ZERO).map(this::closed)))
				.isPresent();
		}
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void expiredHolderReleaseLeavesNewHolderAlone(CapturedOutput output) throws Exception {
		LockHandle old = acquire("expiring", Duration.ofMillis(200));
		await().atMost(Duration.ofSeconds(5)).until(() -> !old.isHeld());
		LockHandle current = otherThread(
				() -> this.fixture.template.tryAcquire("expiring", LEASE, Duration.ofSeconds(5)))
			.orElseThrow();
		String currentOwner = this.fixture.redis.opsForValue().get(this.fixture.lockKey("expiring"));

		old.close();

		assertThat(this.fixture.redis.opsForValue().get(this.fixture.lockKey("expiring"))).isEqualTo(currentOwner);
		assertThat(current.isHeld()).isTrue();
		assertThat(old.isHeld()).isFalse();
		assertThat(this.fixture.template.statistics().leasesLost()).isEqualTo(1);
		assertThat(output).contains("WARN").contains("Lock 'expiring'").contains("may have been compromised");
		assertThat(otherThread(() -> this.fixture.template.tryAcquire("expiring", LEASE, Duration.ZERO))).isEmpty();
		current.close();
	}

	@Test
	void leakedFixedLeaseFreesItselfForThreadsOfSameProcess() throws Exception {
		acquire("leaked", Duration.ofMillis(300));
		long start = System.nanoTime();
		Optional<LockHandle> next = otherThread(
				() -> this.fixture.template.tryAcquire("leaked", LEASE, Duration.ofSeconds(5)));
		assertThat(next).isPresent();
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
		next.get().close();
	}

	@Test
	void closingTwiceIsHarmless() {
		LockHandle handle = acquire("twice", LEASE);
		handle.close();
		LockHandle next = acquire("twice", LEASE);
		handle.close();
		assertThat(next.isHeld()).isTrue();
		assertThat(this.fixture.redis.hasKey(this.fixture.lockKey("twice"))).isTrue();
		next.close();
		assertThat(this.fixture.redis.hasKey(this.fixture.lockKey("twice"))).isFalse();
	}

	@Test
	void sameThreadReentersAndLockIsFreedByOutermostClose() throws Exception {
		LockHandle outer = acquire("nested", LEASE);
		LockHandle inner = acquire("nested", LEASE);
		assertThat(inner.fencingToken()).isEqualTo(outer.fencingToken());
		inner.close();
		assertThat(outer.isHeld()).isTrue();
		assertThat(otherThread(() -> this.fixture.template.tryAcquire("nested", LEASE, Duration.ZERO))).isEmpty();
		outer.close();
		assertThat(
				otherThread(() -> this.fixture.template.tryAcquire("nested", LEASE, Duration.ZERO).map(this::closed)))
			.isPresent();
	}

	@Test
	void lockTakenOnOneThreadIsReleasedFromAnother() throws Exception {
		LockHandle handle = acquire("async", LEASE);
		CompletableFuture.runAsync(handle::close, this.threads).get(10, TimeUnit.SECONDS);
		assertThat(handle.isHeld()).isFalse();
		assertThat(this.fixture.redis.hasKey(this.fixture.lockKey("async"))).isFalse();
	}

	@Test
	void interruptedThreadStillReleasesAndKeepsItsInterrupt() {
		LockHandle handle = acquire("interrupted", LEASE);
		Thread.currentThread().interrupt();
		try {
			handle.close();
			assertThat(Thread.currentThread().isInterrupted()).isTrue();
		}
		finally {
			Thread.interrupted();
		}
		assertThat(this.fixture.redis.hasKey(this.fixture.lockKey("interrupted"))).isFalse();
	}

	@Test
	void fencingTokensIncreaseAcrossThreads() throws Exception {
		List<Future<List<Long>>> workers = new ArrayList<>();
		for (int t = 0; t < 8; t++) {
			workers.add(this.threads.submit(() -> {
				List<Long> tokens = new ArrayList<>();
				for (int i = 0; i < 25; i++) {
					try (LockHandle handle = this.fixture.template.tryAcquire("fenced", LEASE, Duration.ofSeconds(30))
						.orElseThrow()) {
						tokens.add(handle.fencingToken());
					}
				}
				return tokens;
			}));
		}
		List<Long> all = new ArrayList<>();
		for (Future<List<Long>> worker : workers) {
			List<Long> tokens = worker.get(60, TimeUnit.SECONDS);
			assertThat(tokens).isSorted().doesNotHaveDuplicates();
			all.addAll(tokens);
		}
		assertThat(all).doesNotHaveDuplicates().hasSize(200);
	}

	@Test
	void fencingTokenGrowsAcrossReleases() {
		long first;
		try (LockHandle handle = acquire("grows", LEASE)) {
			first = handle.fencingToken();
		}
		try (LockHandle handle = acquire("grows", LEASE)) {
			assertThat(handle.fencingToken()).isGreaterThan(first);
		}
	}

	@Test
	void waiterIsWokenByReleaseBeforeHolderLeaseRunsOut() throws Exception {
		LockHandle held = acquire("handoff", Duration.ofSeconds(30));
		CountDownLatch waiting = new CountDownLatch(1);
		Future<Duration> waited = CompletableFuture.supplyAsync(() -> {
			long start = System.nanoTime();
			waiting.countDown();
			this.fixture.template.tryAcquire("handoff", LEASE, Duration.ofSeconds(20)).orElseThrow().close();
			return Duration.ofNanos(System.nanoTime() - start);
		}, this.threads);
		waiting.await(10, TimeUnit.SECONDS);
		Thread.sleep(300);
		held.close();
		assertThat(waited.get(20, TimeUnit.SECONDS)).isLessThan(Duration.ofSeconds(10));
	}

	@Test
	void waiterTakesLockAsSoonAsHolderLeaseRunsOutWithoutReleaseNotice() throws Exception {
		try (RedisLockFixture otherProcess = new RedisLockFixture(redis.server(),
				WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), this.fixture.prefix)) {
			for (int i = 0; i < 20; i++) {
				assertTakenSoonAfterExpiry(otherProcess, "other-process-" + i);
				assertTakenSoonAfterExpiry(this.fixture, "same-process-" + i);
			}
		}
	}

	private void assertTakenSoonAfterExpiry(RedisLockFixture holder, String key) throws Exception {
		holder.template.tryAcquire(key, Duration.ofMillis(50), Duration.ZERO).orElseThrow();
		long start = System.nanoTime();
		otherThread(() -> this.fixture.template.tryAcquire(key, LEASE, Duration.ofSeconds(5))).orElseThrow().close();
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as(key).isLessThan(Duration.ofSeconds(2));
	}

	@Test
	void busyProcessGivesWayToAWaitingProcessSoonAfterItChecksIn() throws Exception {
		try (RedisLockFixture busy = otherProcess(); RedisLockFixture waiting = otherProcess()) {
			AtomicInteger sections = new AtomicInteger();
			AtomicBoolean stop = new AtomicBoolean();
			List<Future<?>> workers = new ArrayList<>();
			for (int t = 0; t < 8; t++) {
				workers.add(this.threads.submit(() -> {
					while (!stop.get()) {
						try (LockHandle handle = busy.template.tryAcquire("busy", LEASE, Duration.ofSeconds(20))
							.orElseThrow()) {
							sections.incrementAndGet();
							Thread.sleep(1);
						}
					}
					return null;
				}));
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> sections.get() > 50);
			try {
				for (int turn = 0; turn < 3; turn++) {
					int before = sections.get();
					waiting.template.tryAcquire("busy", LEASE, Duration.ofSeconds(20)).orElseThrow().close();
					assertThat(sections.get() - before).as("sections of the busy process while the other waited")
						.isLessThanOrEqualTo(SECTIONS_BEFORE_GIVING_WAY);
				}
			}
			finally {
				stop.set(true);
			}
			for (Future<?> worker : workers) {
				worker.get(30, TimeUnit.SECONDS);
			}
		}
	}

	private RedisLockFixture otherProcess() {
		return new RedisLockFixture(redis.server(), WatchdogSettings.watchdogLease(Duration.ofSeconds(30)),
				this.fixture.prefix);
	}

	@Test
	void waiterGivesUpWhenWaitIsOver() throws Exception {
		try (LockHandle held = acquire("long", Duration.ofSeconds(30))) {
			long start = System.nanoTime();
			Optional<LockHandle> attempt = otherThread(
					() -> this.fixture.template.tryAcquire("long", LEASE, Duration.ofMillis(400)));
			assertThat(attempt).isEmpty();
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(400));
		}
	}

	@Test
	void executeThrowsNamingLockAndWaitWhenBusy() throws Exception {
		try (LockHandle held = acquire("exec", LEASE)) {
			Future<?> attempt = this.threads
				.submit(() -> this.fixture.template.execute("exec", LEASE, Duration.ofMillis(100), () -> "ran"));
			assertThatExceptionOfType(java.util.concurrent.ExecutionException.class)
				.isThrownBy(() -> attempt.get(10, TimeUnit.SECONDS))
				.havingCause()
				.isInstanceOf(LockNotAcquiredException.class)
				.withMessageContaining("'exec'")
				.withMessageContaining("ms");
		}
	}

	@Test
	void executeReleasesWhenActionThrows() {
		assertThatExceptionOfType(IllegalStateException.class)
			.isThrownBy(() -> this.fixture.template.execute("throws", LEASE, Duration.ZERO, () -> {
				throw new IllegalStateException("boom");
			}));
		assertThat(this.fixture.redis.hasKey(this.fixture.lockKey("throws"))).isFalse();
	}

	@Test
	void watchdogKeepsLockBeyondItsLease() throws Exception {
		try (RedisLockFixture watched = new RedisLockFixture(redis.server(),
				new WatchdogSettings(Duration.ofSeconds(1), Duration.ofMillis(200), null))) {
			LockHandle handle = watched.template.tryAcquire("watched", null, null).orElseThrow();
			Thread.sleep(2500);
			assertThat(handle.isHeld()).isTrue();
			assertThat(otherThread(() -> watched.template.tryAcquire("watched", null, Duration.ZERO))).isEmpty();
			handle.close();
			assertThat(watched.redis.hasKey(watched.lockKey("watched"))).isFalse();
		}
	}

	@Test
	void watchdogMarksHandleLostWhenLockDisappears() throws Exception {
		try (RedisLockFixture watched = new RedisLockFixture(redis.server(),
				new WatchdogSettings(Duration.ofSeconds(3), Duration.ofMillis(100), null))) {
			LockHandle handle = watched.template.tryAcquire("vanishing", null, null).orElseThrow();
			watched.redis.delete(watched.lockKey("vanishing"));
			await().atMost(Duration.ofSeconds(5)).until(() -> !handle.isHeld());
			assertThat(watched.template.statistics().leasesLost()).isEqualTo(1);
			handle.close();
			assertThat(watched.template.statistics().leasesLost()).isEqualTo(1);
		}
	}

	@Test
	void watchdogStopsAtMaximumHoldTime() throws Exception {
		try (RedisLockFixture capped = new RedisLockFixture(redis.server(),
				new WatchdogSettings(Duration.ofMillis(300), Duration.ofMillis(100), Duration.ofMillis(700)))) {
			LockHandle handle = capped.template.tryAcquire("capped", null, null).orElseThrow();
			await().atMost(Duration.ofSeconds(5)).until(() -> !capped.redis.hasKey(capped.lockKey("capped")));
			assertThat(handle.isHeld()).isFalse();
			assertThat(otherThread(
					() -> capped.template.tryAcquire("capped", LEASE, Duration.ofSeconds(2)).map(this::closed)))
				.isPresent();
			handle.close();
		}
	}

	@Test
	void rejectsBlankKeyAndNegativeDurationsBeforeTouchingRedis() {
		redis.server().resetStatistics();
		assertThatIllegalArgumentException().isThrownBy(() -> this.fixture.template.tryAcquire(" ", LEASE, null))
			.withMessageContaining("blank");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.fixture.template.tryAcquire("k", Duration.ofSeconds(-1), null))
			.withMessageContaining("lease")
			.withMessageContaining("'k'");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.fixture.template.tryAcquire("k", LEASE, Duration.ofSeconds(-1)))
			.withMessageContaining("wait");
		assertThat(redis.server().commandCalls()).doesNotContainKeys("evalsha", "eval");
	}

	private LockHandle acquire(String key, Duration lease) {
		return this.fixture.template.tryAcquire(key, lease, Duration.ZERO).orElseThrow();
	}

	private <T> T otherThread(java.util.concurrent.Callable<T> action) throws Exception {
		return this.threads.submit(action).get(30, TimeUnit.SECONDS);
	}

	private LockHandle closed(LockHandle handle) {
		handle.close();
		return handle;
	}

	private Object incrementNonAtomically(String counter) {
		String value = this.fixture.redis.opsForValue().get(counter);
		int next = (value != null) ? Integer.parseInt(value) + 1 : 1;
		Thread.yield();
		this.fixture.redis.opsForValue().set(counter, String.valueOf(next));
		return null;
	}

}
