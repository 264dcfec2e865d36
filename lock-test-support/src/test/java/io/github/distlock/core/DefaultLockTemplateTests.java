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

package io.github.distlock.core;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.LockHandle;
import io.github.distlock.LockStoreException;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.test.support.FaultInjectingLocker;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static io.github.distlock.core.TemplateTesting.block;
import static io.github.distlock.core.TemplateTesting.queueWaiter;
import static io.github.distlock.core.TemplateTesting.sleep;

/**
 * Races and failures of {@link DefaultLockTemplate} over an in-memory store whose locks
 * expire.
 */
class DefaultLockTemplateTests {

	private final FaultInjectingLocker locker = new FaultInjectingLocker(new InMemoryLocker());

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

	@AfterEach
	void tearDown() {
		this.template.close();
	}

	@Test
	void nextWaiterTakesOverExpiredHoldingAfterWaiterAheadGivesUp() throws Exception {
		acquire("k", Duration.ofMillis(300), Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> first = queueWaiter(this.template, "k", Duration.ofSeconds(5),
				Duration.ofMillis(150));
		long start = System.nanoTime();
		CompletableFuture<Optional<LockHandle>> second = queueWaiter(this.template, "k", Duration.ofSeconds(5),
				Duration.ofSeconds(3));
		assertThat(first.get(5, TimeUnit.SECONDS)).isEmpty();
		assertThat(second.get(10, TimeUnit.SECONDS)).isPresent();
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
	}

	@Test
	void reentryRacingFinalCloseOnAnotherThreadNeverJoinsReleasedHolding() throws Exception {
		AtomicReference<LockHandle> toClose = new AtomicReference<>();
		AtomicInteger closed = new AtomicInteger();
		Thread closer = new Thread(() -> {
			while (!Thread.currentThread().isInterrupted()) {
				LockHandle handle = toClose.getAndSet(null);
				if (handle != null) {
					handle.close();
					closed.incrementAndGet();
				}
			}
		});
		closer.start();
		try {
			long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
			for (int i = 0; i < 50_000 && System.nanoTime() < deadline; i++) {
				LockHandle outer = acquire("k", Duration.ofSeconds(30), Duration.ZERO);
				toClose.set(outer);
				LockHandle inner = acquire("k", Duration.ofSeconds(30), Duration.ofSeconds(5));
				while (closed.get() != i + 1) {
					Thread.onSpinWait();
				}
				assertThat(inner.isHeld()).as("iteration %d: the handle's holding was released under it", i).isTrue();
				inner.close();
			}
		}
		finally {
			closer.interrupt();
			closer.join(5000);
		}
	}

	@Test
	void firstWaiterDoesNotSpinWhileExpiredHoldingIsReleased() throws Exception {
		LockHandle held = acquire("k", Duration.ofMillis(50), Duration.ZERO);
		Thread.sleep(100);
		CountDownLatch releasing = new CountDownLatch(1);
		this.locker.before("release", () -> {
			releasing.countDown();
			sleep(Duration.ofMillis(600));
		});
		CompletableFuture<Void> closing = CompletableFuture.runAsync(held::close, TemplateTesting::runOnNewThread);
		block(releasing);
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		CompletableFuture<Long> cpu = CompletableFuture.supplyAsync(() -> {
			long before = threads.getCurrentThreadCpuTime();
			acquire("k", Duration.ofSeconds(5), Duration.ofSeconds(3)).close();
			return threads.getCurrentThreadCpuTime() - before;
		}, TemplateTesting::runOnNewThread);
		assertThat(Duration.ofNanos(cpu.get(10, TimeUnit.SECONDS))).as("CPU used while waiting about 550 ms")
			.isLessThan(Duration.ofMillis(100));
		closing.get(5, TimeUnit.SECONDS);
	}

	@Test
	void holdingTakenOverAfterItsLeaseRanOutStaysLostDespiteLateRenewal() throws Exception {
		// The store applies the renewals of the first 600 ms, but their replies are lost:
		// it keeps the
		// lock longer than this process can count on.
		long repliesLostUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(600);
		this.locker.after("renew", () -> {
			if (System.nanoTime() - repliesLostUntil < 0) {
				throw new IllegalStateException("renewal timed out");
			}
		});
		try (DefaultLockTemplate watched = new DefaultLockTemplate(this.locker,
				new WatchdogSettings(Duration.ofMillis(300), Duration.ofMillis(100), null))) {
			LockHandle outer = watched.tryAcquire("k", null, null).orElseThrow();
			CompletableFuture<Optional<LockHandle>> taker = CompletableFuture.supplyAsync(
					() -> watched.tryAcquire("k", null, Duration.ofSeconds(3)), TemplateTesting::runOnNewThread);
			assertThat(taker.get(10, TimeUnit.SECONDS)).as("the taker gets the lock once the store lease ends")
				.isPresent();
			assertThat(outer.isHeld()).isFalse();
			assertThat(watched.statistics().leasesLost()).isOne();
			outer.close();
		}
	}

	@Test
	void veryLongWaitIsAccepted() {
		assertThat(this.template.tryAcquire("long", Duration.ofSeconds(1), Duration.ofMillis(Long.MAX_VALUE)))
			.isPresent();
	}

	private LockHandle acquire(String key, @Nullable Duration lease, Duration wait) {
		return this.template.tryAcquire(key, lease, wait).orElseThrow();
	}

}
