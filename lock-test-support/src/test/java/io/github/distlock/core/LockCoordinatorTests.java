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

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.store.Locker;
import io.github.distlock.test.support.FaultInjectingLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The coordinator's local bookkeeping over an in-memory store: queueing, hand-off,
 * fairness to other processes, and no state left behind.
 */
class LockCoordinatorTests {

	private static final LockRequest REQUEST = new LockRequest("k", Duration.ofSeconds(30), false, null,
			System.nanoTime());

	private final InMemoryLocker memory = new InMemoryLocker();

	private final FaultInjectingLocker locker = new FaultInjectingLocker(this.memory);

	private final LockCoordinator coordinator = new LockCoordinator(this.locker,
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), new LockStatistics().counter(), false, "test",
			Timing.SYSTEM);

	private final ExecutorService threads = Executors.newCachedThreadPool();

	@AfterEach
	void tearDown() throws InterruptedException {
		this.threads.shutdownNow();
		assertThat(this.threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
		this.coordinator.close();
	}

	@Test
	void nestedHoldingsLeaveNoLocalStateOnceReleased() {
		Holding outer = this.coordinator.acquire(REQUEST, deadlineIn(Duration.ZERO));
		Holding inner = this.coordinator.acquire(REQUEST, deadlineIn(Duration.ZERO));
		assertThat(inner).isSameAs(outer);
		inner.exit();
		assertThat(outer.exit()).isTrue();
		this.coordinator.release(outer);
		assertThat(this.coordinator.localLockCount()).isZero();
		assertThat(this.locker.calls("acquire")).isOne();
	}

	@Test
	void waiterThatGivesUpLeavesNoLocalState() throws Exception {
		Holding held = this.coordinator.acquire(REQUEST, deadlineIn(Duration.ZERO));
		Holding attempt = this.threads
			.submit(() -> this.coordinator.acquire(REQUEST, deadlineIn(Duration.ofMillis(50))))
			.get(10, TimeUnit.SECONDS);
		assertThat(attempt).isNull();
		release(this.coordinator, held);
		assertThat(this.coordinator.localLockCount()).isZero();
	}

	@Test
	void localWaitersAreServedFirstComeFirstServedWithoutRoundTrips() throws Exception {
		Holding held = this.coordinator.acquire(REQUEST, deadlineIn(Duration.ZERO));
		List<Integer> order = Collections.synchronizedList(new ArrayList<>());
		List<Future<?>> waiters = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			int position = i;
			waiters.add(this.threads.submit(() -> {
				Holding holding = this.coordinator.acquire(REQUEST, deadlineIn(Duration.ofSeconds(10)));
				order.add(position);
				release(this.coordinator, holding);
				return null;
			}));
			await().atMost(Duration.ofSeconds(10)).until(() -> this.coordinator.queued("k") == position + 1);
		}
		release(this.coordinator, held);
		for (Future<?> waiter : waiters) {
			waiter.get(10, TimeUnit.SECONDS);
		}
		assertThat(order).containsExactly(0, 1, 2, 3);
		assertThat(this.locker.calls("acquire")).isOne();
		assertThat(this.locker.calls("release")).isOne();
		assertThat(this.coordinator.localLockCount()).isZero();
	}

	@Test
	void lockStaysInProcessWhileNoOtherProcessWaits() throws Exception {
		int sections = 200;
		runSections(this.coordinator, 4, sections, Duration.ofMillis(1));
		assertThat(this.locker.calls("acquire")).as("taken from the store only when no local thread had it")
			.isLessThan(sections / 10);
	}

	/**
	 * One process keeps four threads busy on a lock; another asks for it now and then
	 * with a wait far longer than the fair share. Before the check-in, a busy process
	 * kept the lock from the other for as long as it stayed busy.
	 */
	@Test
	void anotherProcessGetsTheLockWhileThisOneKeepsHandingItOn() throws Exception {
		otherProcessGetsTheLockWhileThisOneKeepsHandingItOn(this.memory.otherProcess());
	}

	// Issue 19, item 13: two templates over one locker shared its process, so neither
	// learnt that the
	// other waited, and the busy one kept handing the lock on among its own threads.
	@Test
	void aSecondTemplateOverTheSameLockerIsAnotherProcess() throws Exception {
		otherProcessGetsTheLockWhileThisOneKeepsHandingItOn(this.memory);
	}

	private void otherProcessGetsTheLockWhileThisOneKeepsHandingItOn(Locker otherLocker) throws Exception {
		try (LockCoordinator otherProcess = new LockCoordinator(otherLocker,
				WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), new LockStatistics().counter(), false, "test",
				Timing.SYSTEM)) {
			Future<?> busy = this.threads.submit(() -> runSections(this.coordinator, 4, 120, Duration.ofMillis(25)));
			await().atMost(Duration.ofSeconds(10)).until(() -> this.coordinator.queued("k") > 0);
			for (int attempt = 0; attempt < 5; attempt++) {
				Holding holding = otherProcess.acquire(REQUEST, deadlineIn(Duration.ofSeconds(2)));
				assertThat(holding).as("attempt %d of the other process", attempt).isNotNull();
				release(otherProcess, holding);
				Thread.sleep(100);
			}
			busy.get(60, TimeUnit.SECONDS);
		}
	}

	// Counting the store's expiry less the clock allowance as what had been asked made
	// the first
	// hand-off after every store acquisition renew the lease, though it was what the
	// store had.
	@Test
	void quickHandOffOfAFixedLeaseCostsNoRoundTrip() throws Exception {
		// No time passes for the process, however loaded the machine: a hand-off 20 ms
		// after the
		// store's last answer would check in, and one whose lease ends a hundredth later
		// sets it again.
		Timing stopped = new StoppedClock();
		try (LockCoordinator process = new LockCoordinator(this.locker,
				WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), new LockStatistics().counter(), false, "test",
				stopped)) {
			LockRequest request = new LockRequest("k", Duration.ofSeconds(30), false, null, stopped.nanoTime());
			Holding first = process.acquire(request, stopped.nanoTime());
			Future<Holding> next = this.threads
				.submit(() -> process.acquire(request, stopped.nanoTime() + Duration.ofSeconds(5).toNanos()));
			await().atMost(Duration.ofSeconds(10)).until(() -> process.queued("k") == 1);
			release(process, first);
			release(process, next.get(5, TimeUnit.SECONDS));
		}
		assertThat(this.locker.calls("renew")).isZero();
	}

	/**
	 * {@code System.nanoTime} may start anywhere, and wraps: a watchdog holding (no
	 * longest hold) must count its lease by differences of instants wherever the clock
	 * stands, even within an hour of the wrap, where its open-ended end lies beyond
	 * {@code Long.MAX_VALUE}.
	 */
	@ParameterizedTest
	@ValueSource(longs = { 0, -(1L << 62), (1L << 62) + 1, Long.MAX_VALUE - 3_600_000_000_000L })
	void aWatchdogHoldingCountsItsLeaseWhereverTheClockStands(long now) {
		Timing stopped = new StoppedClock(now);
		try (LockCoordinator process = new LockCoordinator(this.locker,
				WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), new LockStatistics().counter(), false, "test",
				stopped)) {
			Holding holding = process.acquire(new LockRequest("k", Duration.ofSeconds(30), true, null, now), now);
			assertThat(holding.remainingLease()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(30));
			release(process, holding);
		}
	}

	private static void release(LockCoordinator process, Holding holding) {
		holding.exit();
		process.release(holding);
	}

	/**
	 * Runs {@code sections} sections of {@code work} each, on {@code threads} threads of
	 * one process.
	 */
	private static Void runSections(LockCoordinator process, int threadCount, int sections, Duration work)
			throws Exception {
		ExecutorService workers = Executors.newFixedThreadPool(threadCount);
		CyclicBarrier start = new CyclicBarrier(threadCount);
		try {
			List<Future<?>> running = new ArrayList<>();
			for (int t = 0; t < threadCount; t++) {
				running.add(workers.submit(() -> {
					start.await(10, TimeUnit.SECONDS);
					for (int i = 0; i < sections / threadCount; i++) {
						Holding holding = process.acquire(REQUEST, deadlineIn(Duration.ofSeconds(10)));
						assertThat(holding).isNotNull();
						if (!work.isZero()) {
							Thread.sleep(work.toMillis());
						}
						release(process, holding);
					}
					return null;
				}));
			}
			for (Future<?> worker : running) {
				worker.get(60, TimeUnit.SECONDS);
			}
			return null;
		}
		finally {
			workers.shutdownNow();
		}
	}

	private static long deadlineIn(Duration wait) {
		return System.nanoTime() + wait.toNanos();
	}

}
