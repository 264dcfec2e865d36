package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The coordinator's local bookkeeping over an in-memory store: queueing, hand-off and cleanup.
 */
class LockCoordinatorTests {

	private static final LockRequest REQUEST = new LockRequest("k", Duration.ofSeconds(30), false);

	private final InMemoryLocker locker = new InMemoryLocker();

	private final LockCoordinator coordinator = new LockCoordinator(this.locker,
			LockSettings.watchdogLease(Duration.ofSeconds(30)), new LockStatistics());

	private final ExecutorService threads = Executors.newFixedThreadPool(8);

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
		Holding attempt = this.threads.submit(() -> this.coordinator.acquire(REQUEST, deadlineIn(Duration.ofMillis(50))))
			.get(10, TimeUnit.SECONDS);
		assertThat(attempt).isNull();
		held.exit();
		this.coordinator.release(held);
		assertThat(this.coordinator.localLockCount()).isZero();
	}

	@Test
	void localWaitersAreServedFirstComeFirstServedByHandOff() throws Exception {
		Holding held = this.coordinator.acquire(REQUEST, deadlineIn(Duration.ZERO));
		List<Integer> order = java.util.Collections.synchronizedList(new ArrayList<>());
		List<Future<?>> waiters = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			int position = i;
			CountDownLatch queued = new CountDownLatch(1);
			waiters.add(this.threads.submit(() -> {
				queued.countDown();
				Holding holding = this.coordinator.acquire(REQUEST, deadlineIn(Duration.ofSeconds(10)));
				order.add(position);
				holding.exit();
				this.coordinator.release(holding);
				return null;
			}));
			queued.await(10, TimeUnit.SECONDS);
			Thread.sleep(50);
		}
		held.exit();
		this.coordinator.release(held);
		for (Future<?> waiter : waiters) {
			waiter.get(10, TimeUnit.SECONDS);
		}
		assertThat(order).containsExactly(0, 1, 2, 3);
		assertThat(this.locker.calls("transfer")).isEqualTo(4);
		assertThat(this.locker.calls("acquire")).isOne();
		assertThat(this.coordinator.localLockCount()).isZero();
	}

	@Test
	void lockStaysInProcessWhileNoOtherProcessWaits() throws Exception {
		int sections = 100;
		runSections(this.coordinator, 4, sections);
		assertThat(this.locker.calls("transfer") + this.locker.calls("acquire")).isEqualTo(sections);
		assertThat(this.locker.calls("release")).as("given back only when no local thread waits")
			.isLessThan(sections / (LocalLock.MAX_HANDOFFS_IN_A_ROW + 1));
	}

	@Test
	void handOffsInARowAreBoundedWhileAnotherProcessWaits() throws Exception {
		try (LockCoordinator otherProcess = new LockCoordinator(this.locker,
				LockSettings.watchdogLease(Duration.ofSeconds(30)), new LockStatistics())) {
			Holding first = this.coordinator.acquire(REQUEST, deadlineIn(Duration.ZERO));
			CountDownLatch othersTurn = new CountDownLatch(1);
			List<Integer> handOffsBefore = java.util.Collections.synchronizedList(new ArrayList<>());
			Future<?> other = this.threads.submit(() -> {
				Holding holding = otherProcess.acquire(REQUEST, deadlineIn(Duration.ofSeconds(10)));
				handOffsBefore.add((int) this.locker.calls("transfer"));
				othersTurn.countDown();
				holding.exit();
				otherProcess.release(holding);
				return null;
			});
			Thread.sleep(100);
			int sections = 200;
			Future<?> workers = this.threads.submit(() -> runSections(this.coordinator, 4, sections));
			Thread.sleep(50);
			first.exit();
			this.coordinator.release(first);
			assertThat(othersTurn.await(10, TimeUnit.SECONDS)).isTrue();
			other.get(10, TimeUnit.SECONDS);
			workers.get(30, TimeUnit.SECONDS);
			assertThat(this.locker.calls("release")).as("given back to the store for the other process")
				.isGreaterThan(1);
			assertThat(handOffsBefore.get(0)).as("the other process did not wait for this one to finish")
				.isLessThan(sections - LocalLock.MAX_HANDOFFS_IN_A_ROW);
		}
	}

	/** Runs {@code sections} lock-and-release sections on {@code threads} threads of one process. */
	private Void runSections(LockCoordinator process, int threadCount, int sections) throws Exception {
		ExecutorService workers = Executors.newFixedThreadPool(threadCount);
		CyclicBarrier start = new CyclicBarrier(threadCount);
		try {
			List<Future<?>> running = new ArrayList<>();
			for (int t = 0; t < threadCount; t++) {
				running.add(workers.submit(() -> {
					start.await(10, TimeUnit.SECONDS);
					for (int i = 0; i < sections / threadCount; i++) {
						Holding holding = process.acquire(REQUEST, deadlineIn(Duration.ofSeconds(10)));
						Thread.sleep(1);
						holding.exit();
						process.release(holding);
					}
					return null;
				}));
			}
			for (Future<?> worker : running) {
				worker.get(30, TimeUnit.SECONDS);
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
