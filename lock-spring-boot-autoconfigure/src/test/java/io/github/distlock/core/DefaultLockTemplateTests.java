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

import io.github.distlock.LockBackendException;
import io.github.distlock.LockHandle;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Races and failures of {@link DefaultLockTemplate} over an in-memory store whose locks expire.
 */
class DefaultLockTemplateTests {

	private final InMemoryLocker locker = new InMemoryLocker();

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			LockSettings.watchdogLease(Duration.ofSeconds(30)));

	@AfterEach
	void tearDown() {
		this.template.close();
	}

	@Test
	void nextWaiterTakesOverExpiredHoldingAfterWaiterAheadGivesUp() throws Exception {
		acquire("k", Duration.ofMillis(300), Duration.ZERO);
		CompletableFuture<Boolean> first = CompletableFuture
			.supplyAsync(() -> this.template.tryAcquire("k", Duration.ofSeconds(5), Duration.ofMillis(100)).isPresent());
		Thread.sleep(50);
		long start = System.nanoTime();
		CompletableFuture<Boolean> second = CompletableFuture
			.supplyAsync(() -> this.template.tryAcquire("k", Duration.ofSeconds(5), Duration.ofSeconds(3)).isPresent());
		assertThat(first.get(5, TimeUnit.SECONDS)).isFalse();
		assertThat(second.get(10, TimeUnit.SECONDS)).isTrue();
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
	void queuedCallersFailWithinOneTimeoutWhenStoreIsUnreachable() throws Exception {
		this.locker.before("acquire", () -> {
			sleep(Duration.ofSeconds(1));
			throw new IllegalStateException("Redis did not answer");
		});
		long start = System.nanoTime();
		List<CompletableFuture<Duration>> callers = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			callers.add(CompletableFuture.supplyAsync(() -> {
				assertThatExceptionOfType(LockBackendException.class)
					.isThrownBy(() -> this.template.tryAcquire("down", Duration.ofSeconds(5), Duration.ofSeconds(10)))
					.withMessageContaining("Redis did not answer");
				return Duration.ofNanos(System.nanoTime() - start);
			}));
		}
		for (CompletableFuture<Duration> caller : callers) {
			assertThat(caller.get(20, TimeUnit.SECONDS)).isLessThan(Duration.ofMillis(1900));
		}
	}

	@Test
	void waiterGetsTurnEvenWhenHandOffThrowsError() throws Exception {
		// A lease under a second: the next holder waits for the store's answer to the hand-off.
		LockHandle held = acquire("k", Duration.ofMillis(900), Duration.ZERO);
		this.locker.before("transfer", () -> {
			throw new NoClassDefFoundError("simulated");
		});
		CompletableFuture<Optional<LockHandle>> waiter = CompletableFuture
			.supplyAsync(() -> this.template.tryAcquire("k", Duration.ofSeconds(30), Duration.ofMillis(400)));
		Thread.sleep(100);
		assertThatExceptionOfType(NoClassDefFoundError.class).isThrownBy(held::close);
		assertThat(waiter.get(5, TimeUnit.SECONDS)).as("the lock is still held in the store, so the wait runs out").isEmpty();
	}

	@Test
	void holderHandedTheLockAheadIsToldWhenTheStoreDoesNotConfirm() throws Exception {
		LockHandle held = acquire("k", Duration.ofSeconds(30), Duration.ZERO);
		CountDownLatch transferring = new CountDownLatch(1);
		CountDownLatch fail = new CountDownLatch(1);
		this.locker.before("transfer", () -> {
			transferring.countDown();
			block(fail);
			throw new IllegalStateException("transfer timed out");
		});
		HandOff handOff = handOffAhead(held);
		CompletableFuture<Void> closing = handOff.closing();
		LockHandle next = handOff.next();
		assertThat(transferring.await(5, TimeUnit.SECONDS)).isTrue();
		assertThat(next.isHeld()).as("the old holder's lease covers the hand-off meanwhile").isTrue();
		fail.countDown();
		closing.get(5, TimeUnit.SECONDS);
		assertThat(next.isHeld()).isFalse();
		assertThatExceptionOfType(LockBackendException.class).isThrownBy(next::fencingToken)
			.withMessageContaining("'k'")
			.withMessageContaining("did not confirm")
			.withMessageContaining("transfer timed out");
		assertThat(this.template.statistics().leasesLost()).isOne();
		try (DefaultLockTemplate otherProcess = new DefaultLockTemplate(this.locker,
				LockSettings.watchdogLease(Duration.ofSeconds(30)))) {
			assertThat(otherProcess.tryAcquire("k", Duration.ofSeconds(1), Duration.ofMillis(300)))
				.as("kept from other processes while the unconfirmed holder still runs").isEmpty();
			next.close();
			assertThat(otherProcess.tryAcquire("k", Duration.ofSeconds(1), Duration.ofSeconds(2)))
				.as("both owners released once it is done").isPresent();
		}
	}

	@Test
	void errorInHandOffAheadLeavesTheNextHolderToldAndTheLockFreedWhenItIsDone() throws Exception {
		LockHandle held = acquire("k", Duration.ofSeconds(30), Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> waiter = queuedWaiter();
		this.locker.before("transfer", () -> {
			throw new NoClassDefFoundError("simulated");
		});
		assertThatExceptionOfType(NoClassDefFoundError.class).isThrownBy(held::close);
		LockHandle next = waiter.get(5, TimeUnit.SECONDS).orElseThrow();
		assertThat(next.isHeld()).isFalse();
		assertThatExceptionOfType(LockBackendException.class).isThrownBy(next::fencingToken)
			.withMessageContaining("simulated");
		next.close();
		assertThat(this.template.tryAcquire("k", Duration.ofSeconds(1), Duration.ofSeconds(2))).isPresent();
	}

	@Test
	void holderHandedTheLockAheadCountsAsHeldOnlyOnThePreviousLeaseUntilTheStoreConfirms() throws Exception {
		// Enough lease left to hand over ahead (a second), and not much more.
		LockHandle held = acquire("k", Duration.ofMillis(2000), Duration.ZERO);
		CountDownLatch confirm = new CountDownLatch(1);
		this.locker.before("transfer", () -> block(confirm));
		HandOff handOff = handOffAhead(held);
		CompletableFuture<Void> closing = handOff.closing();
		LockHandle next = handOff.next();
		assertThat(next.isHeld()).isTrue();
		await().atMost(Duration.ofSeconds(4)).until(() -> !next.isHeld());
		confirm.countDown();
		closing.get(5, TimeUnit.SECONDS);
		assertThat(next.isHeld()).as("the store's lease ran out before the hand-off reached it").isFalse();
		assertThat(this.template.statistics().leasesLost()).isEqualTo(2);
		next.close();
	}

	@Test
	void holderHandedTheLockAheadGetsItsFencingTokenOnceTheStoreConfirms() throws Exception {
		LockHandle held = acquire("k", Duration.ofSeconds(30), Duration.ZERO);
		long heldToken = held.fencingToken();
		CountDownLatch confirm = new CountDownLatch(1);
		this.locker.before("transfer", () -> block(confirm));
		HandOff handOff = handOffAhead(held);
		CompletableFuture<Void> closing = handOff.closing();
		LockHandle next = handOff.next();
		CompletableFuture<Long> token = CompletableFuture.supplyAsync(next::fencingToken);
		Thread.sleep(100);
		assertThat(token).as("the token waits for the store").isNotDone();
		confirm.countDown();
		assertThat(token.get(5, TimeUnit.SECONDS)).isGreaterThan(heldToken);
		closing.get(5, TimeUnit.SECONDS);
		next.close();
		assertThat(this.locker.calls("release")).isOne();
	}

	@Test
	void holderHandedTheLockAheadReleasesItOnlyAfterTheStoreConfirms() throws Exception {
		LockHandle held = acquire("k", Duration.ofSeconds(30), Duration.ZERO);
		CountDownLatch confirm = new CountDownLatch(1);
		this.locker.before("transfer", () -> block(confirm));
		HandOff handOff = handOffAhead(held);
		CompletableFuture<Void> handingOff = handOff.closing();
		LockHandle next = handOff.next();
		CompletableFuture<Void> releasing = CompletableFuture.runAsync(next::close);
		Thread.sleep(100);
		assertThat(releasing).as("the release waits for the hand-off").isNotDone();
		assertThat(this.locker.calls("release")).isZero();
		confirm.countDown();
		releasing.get(5, TimeUnit.SECONDS);
		handingOff.get(5, TimeUnit.SECONDS);
		assertThat(this.template.statistics().leasesLost()).isZero();
		assertThat(this.template.tryAcquire("k", Duration.ofSeconds(1), Duration.ZERO)).isPresent();
	}

	@Test
	void firstWaiterDoesNotSpinWhileExpiredHoldingIsReleased() throws Exception {
		LockHandle held = acquire("k", Duration.ofMillis(50), Duration.ZERO);
		Thread.sleep(100);
		this.locker.before("release", () -> sleep(Duration.ofMillis(600)));
		CompletableFuture<Void> closing = CompletableFuture.runAsync(held::close);
		Thread.sleep(50);
		ThreadMXBean threads = ManagementFactory.getThreadMXBean();
		CompletableFuture<Long> cpu = CompletableFuture.supplyAsync(() -> {
			long before = threads.getCurrentThreadCpuTime();
			acquire("k", Duration.ofSeconds(5), Duration.ofSeconds(3)).close();
			return threads.getCurrentThreadCpuTime() - before;
		});
		assertThat(Duration.ofNanos(cpu.get(10, TimeUnit.SECONDS))).as("CPU used while waiting about 550 ms")
			.isLessThan(Duration.ofMillis(100));
		closing.get(5, TimeUnit.SECONDS);
	}

	@Test
	void holdingTakenOverAfterItsLeaseRanOutStaysLostDespiteLateRenewal() throws Exception {
		AtomicInteger acquires = new AtomicInteger();
		AtomicInteger renewals = new AtomicInteger();
		// The store's lease starts 200 ms after the local estimate's; the first renewal times out.
		this.locker.before("acquire", () -> {
			if (acquires.incrementAndGet() == 1) {
				sleep(Duration.ofMillis(200));
			}
		});
		this.locker.before("renew", () -> {
			if (renewals.incrementAndGet() == 1) {
				throw new IllegalStateException("renewal timed out");
			}
		});
		try (DefaultLockTemplate watched = new DefaultLockTemplate(this.locker,
				new LockSettings(Duration.ofMillis(300), Duration.ofMillis(100), null))) {
			LockHandle outer = watched.tryAcquire("k", null, null).orElseThrow();
			CompletableFuture<Optional<LockHandle>> taker = CompletableFuture
				.supplyAsync(() -> watched.tryAcquire("k", null, Duration.ofSeconds(3)));
			assertThat(taker.get(10, TimeUnit.SECONDS)).as("the taker gets the lock once the store lease ends").isPresent();
			assertThat(outer.isHeld()).isFalse();
			assertThat(watched.statistics().leasesLost()).isOne();
			outer.close();
		}
	}

	@Test
	void handOffWhoseReplyIsLostDoesNotStrandLock() throws Exception {
		LockHandle held = acquire("k", null, Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> waiter = CompletableFuture
			.supplyAsync(() -> this.template.tryAcquire("k", Duration.ofSeconds(3), Duration.ofSeconds(2)));
		Thread.sleep(100);
		this.locker.after("transfer", () -> {
			throw new IllegalStateException("reply of the transfer timed out");
		});
		held.close();
		assertThat(waiter.get(10, TimeUnit.SECONDS)).isPresent();
	}

	@Test
	void veryLongWaitIsAccepted() {
		assertThat(this.template.tryAcquire("long", Duration.ofSeconds(1), Duration.ofMillis(Long.MAX_VALUE))).isPresent();
	}

	private LockHandle acquire(String key, @Nullable Duration lease, Duration wait) {
		return this.template.tryAcquire(key, lease, wait).orElseThrow();
	}

	/** Starts a waiter for {@code k} and gives it time to queue behind the current holder. */
	private CompletableFuture<Optional<LockHandle>> queuedWaiter() throws InterruptedException {
		CompletableFuture<Optional<LockHandle>> waiter = CompletableFuture
			.supplyAsync(() -> this.template.tryAcquire("k", Duration.ofSeconds(30), Duration.ofSeconds(5)));
		Thread.sleep(100);
		return waiter;
	}

	/** Closes {@code held} on another thread with a waiter queued, which is handed the lock ahead. */
	private HandOff handOffAhead(LockHandle held) throws Exception {
		CompletableFuture<Optional<LockHandle>> waiter = queuedWaiter();
		CompletableFuture<Void> closing = CompletableFuture.runAsync(held::close);
		return new HandOff(closing, waiter.get(5, TimeUnit.SECONDS).orElseThrow());
	}

	private static void block(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * A hand-off under way.
	 * @param closing the previous holder's close, which completes once the store answered
	 * @param next the handle of the holder the lock was handed to
	 */
	private record HandOff(CompletableFuture<Void> closing, LockHandle next) {

	}

}
