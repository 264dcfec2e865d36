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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.LockHandle;
import io.github.distlock.LockStoreException;
import io.github.distlock.test.support.FaultInjectingLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.distlock.core.TemplateTesting.acquire;
import static io.github.distlock.core.TemplateTesting.block;
import static io.github.distlock.core.TemplateTesting.queueWaiter;
import static io.github.distlock.core.TemplateTesting.sleep;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The protocol when the store or the JVM misbehaves: each test drives one fault of the
 * core review (its number in the test's comment) into a template over the in-memory
 * store.
 */
class LockProtocolFaultTests {

	private final TwoProcesses processes = new TwoProcesses();

	private final FaultInjectingLocker locker = this.processes.locker();

	private final DefaultLockTemplate template = this.processes.template();

	private final DefaultLockTemplate otherProcess = this.processes.otherProcess();

	@AfterEach
	void tearDown() {
		this.processes.close();
	}

	// 2: a hand-off the store does not confirm demoted the running holder, and the lock
	// expired under it.
	@Test
	void handedOverHolderKeepsTheLockWhenTheStoreDoesNotAnswerForAWhile() {
		LockHandle held = acquire(this.template, "k", Duration.ofSeconds(2), Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> waiter = queueWaiter(this.template, "k", Duration.ofSeconds(10),
				Duration.ofSeconds(5));
		AtomicInteger renewals = new AtomicInteger();
		this.locker.before("renew", () -> {
			if (renewals.incrementAndGet() == 1) {
				throw new IllegalStateException("renewal timed out");
			}
		});
		held.close();
		LockHandle next = waiter.join().orElseThrow();
		assertThat(next.isHeld()).isTrue();
		// Past the first holder's lease, which was all the store had when the first
		// renewal failed.
		sleep(Duration.ofMillis(2500));
		assertThat(next.isHeld()).isTrue();
		assertThat(this.otherProcess.tryAcquire("k", Duration.ofSeconds(1), Duration.ofMillis(200))).isEmpty();
		next.close();
		assertThat(this.otherProcess.tryAcquire("k", Duration.ofSeconds(1), Duration.ofSeconds(2))).isPresent();
		assertThat(this.template.statistics().leasesLost()).isZero();
	}

	// 4: an Error in a plain release skipped passing the turn, and the key was dead in
	// this JVM.
	@Test
	void errorDuringReleaseStillPassesTheTurn() {
		LockHandle held = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO);
		CountDownLatch releasing = new CountDownLatch(1);
		CountDownLatch fail = new CountDownLatch(1);
		this.locker.after("release", () -> {
			releasing.countDown();
			block(fail);
			throw new OutOfMemoryError("simulated");
		});
		CompletableFuture<Void> closing = CompletableFuture.runAsync(held::close, TemplateTesting::runOnNewThread);
		block(releasing);
		CompletableFuture<Optional<LockHandle>> waiter = queueWaiter(this.template, "k", Duration.ofSeconds(30),
				Duration.ofSeconds(3));
		fail.countDown();
		assertThatExceptionOfType(Exception.class).isThrownBy(closing::join)
			.withRootCauseInstanceOf(OutOfMemoryError.class);
		this.locker.after("release", () -> {
		});
		assertThat(waiter.join()).isPresent();
	}

	// A renewal that shortens a lease counted only once answered: the store, rounding the
	// lease down
	// to whole milliseconds, dropped the lock up to 1 ms before the holder stopped
	// calling itself held.
	@Test
	void aHoldingIsNotHeldOnceTheStoreDroppedItWhileTheRenewalThatShortenedItIsUnanswered() {
		LockHandle held = acquire(this.template, "k", null, Duration.ZERO);
		// 200.9 ms: the store keeps 200 of it, rounded down, so it drops the lock before
		// the holder's lease ends.
		CompletableFuture<Optional<LockHandle>> waiter = queueWaiter(this.template, "k", Duration.ofNanos(200_900_000),
				Duration.ofSeconds(5));
		CountDownLatch answer = new CountDownLatch(1);
		this.locker.after("renew", () -> block(answer));
		held.close();
		LockHandle next = waiter.join().orElseThrow();
		while (this.processes.memory().timesToLive().containsKey("{k}")) {
			Thread.onSpinWait();
		}
		boolean heldOnceTheStoreDroppedIt = next.isHeld();
		answer.countDown();
		next.close();
		assertThat(heldOnceTheStoreDroppedIt).isFalse();
	}

	@Test
	void anErrorAfterTheStoreTookTheLockLeavesItToBeReleasedNotToItsLease() {
		this.locker.after("acquire", () -> {
			throw new StackOverflowError("simulated");
		});
		assertThatExceptionOfType(StackOverflowError.class)
			.isThrownBy(() -> this.template.tryAcquire("k", Duration.ofMinutes(10), Duration.ZERO));
		this.locker.after("acquire", () -> {
		});
		// The lease is ten minutes, the wait ten seconds: only the clean-up's release
		// frees the lock in time.
		assertThat(this.otherProcess.tryAcquire("k", Duration.ofSeconds(30), Duration.ofSeconds(10))).isPresent();
	}

	// 5: after a hand-off the new head was not re-armed and slept past a lock the store
	// had freed.
	@Test
	void headWaiterTakesOverWhenTheHolderHandedTheLockOverrunsItsLease() {
		LockHandle held = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> overrunning = queueWaiter(this.template, "k", Duration.ofMillis(300),
				Duration.ofSeconds(5));
		CompletableFuture<Optional<LockHandle>> next = queueWaiter(this.template, "k", Duration.ofSeconds(5),
				Duration.ofSeconds(3));
		// No renewal answers, so only the hand-off itself can tell the next waiter to
		// watch the new holding.
		CountDownLatch never = new CountDownLatch(1);
		this.locker.before("renew", () -> block(never));
		held.close();
		assertThat(overrunning.join()).isPresent();
		assertThat(next.join()).as("taken over once the holder ahead ran out of lease").isPresent();
		assertThat(this.template.statistics().leasesLost()).isOne();
	}

	// 6: an interrupt during a store call was taken for an outage and failed every queued
	// caller.
	@Test
	void interruptDuringAStoreCallIsAnInterruptAndTheNextWaiterGoesOn() {
		CountDownLatch atStore = new CountDownLatch(1);
		CountDownLatch interrupt = new CountDownLatch(1);
		AtomicInteger attempts = new AtomicInteger();
		this.locker.before("acquire", () -> {
			if (attempts.incrementAndGet() == 1) {
				atStore.countDown();
				block(interrupt);
				// What a Redis client does when the thread is interrupted while it awaits
				// the reply.
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Command interrupted", new InterruptedException());
			}
		});
		CompletableFuture<Boolean> interrupted = CompletableFuture.supplyAsync(() -> {
			Optional<LockHandle> handle = this.template.tryAcquire("k", Duration.ofSeconds(30), Duration.ofSeconds(5));
			return handle.isEmpty() && Thread.currentThread().isInterrupted();
		}, TemplateTesting::runOnNewThread);
		block(atStore);
		CompletableFuture<Optional<LockHandle>> next = queueWaiter(this.template, "k", Duration.ofSeconds(30),
				Duration.ofSeconds(5));
		interrupt.countDown();
		assertThat(interrupted.join()).as("empty, with the interrupt flag set").isTrue();
		assertThat(next.join()).isPresent();
	}

	// 8: the watchdog renewed a handle that was never closed for as long as the JVM
	// lived.
	@Test
	void watchdogStopsRenewingALockWhoseHandleNobodyCanReach() {
		try (DefaultLockTemplate watched = new DefaultLockTemplate(this.locker,
				new WatchdogSettings(Duration.ofMillis(500), Duration.ofMillis(100), null))) {
			takeAndDrop(watched);
			await().atMost(Duration.ofSeconds(20)).until(() -> {
				System.gc();
				return this.otherProcess.tryAcquire("k", Duration.ofSeconds(1), Duration.ofMillis(100)).isPresent();
			});
		}
	}

	private static void takeAndDrop(DefaultLockTemplate template) {
		assertThat(template.tryAcquire("k", null, Duration.ZERO)).isPresent();
	}

	// 9: a holding handed a shorter lease counted as held on the previous one until the
	// store answered.
	@Test
	void handedOverHolderWithAShorterLeaseIsNotHeldOnceTheStoreLetTheLockGo() {
		LockHandle held = acquire(this.template, "k", null, Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> waiter = queueWaiter(this.template, "k", Duration.ofMillis(200),
				Duration.ofSeconds(5));
		CountDownLatch answer = new CountDownLatch(1);
		this.locker.after("renew", () -> block(answer));
		held.close();
		LockHandle next = waiter.join().orElseThrow();
		LockHandle other = this.otherProcess.tryAcquire("k", Duration.ofSeconds(1), Duration.ofSeconds(5))
			.orElseThrow();
		assertThat(next.isHeld()).as("another process holds the lock now").isFalse();
		answer.countDown();
		other.close();
		next.close();
	}

	// 9: a renewal whose reply was lost may have shortened the store's lease; the next
	// holding must not count on more.
	@Test
	void holdingAfterARenewalWithALostReplyIsNotHeldOnceTheStoreLetTheLockGo() {
		LockHandle held = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> shortLease = queueWaiter(this.template, "k", Duration.ofMillis(300),
				Duration.ofSeconds(5));
		CompletableFuture<Optional<LockHandle>> longLease = queueWaiter(this.template, "k", Duration.ofSeconds(10),
				Duration.ofSeconds(5));
		AtomicInteger renewals = new AtomicInteger();
		CountDownLatch answer = new CountDownLatch(1);
		CountDownLatch replyLost = new CountDownLatch(1);
		this.locker.before("renew", () -> {
			if (renewals.incrementAndGet() > 1) {
				block(answer);
			}
		});
		this.locker.after("renew", () -> {
			if (replyLost.getCount() == 1) {
				replyLost.countDown();
				throw new IllegalStateException("reply lost");
			}
		});
		held.close();
		LockHandle second = shortLease.join().orElseThrow();
		block(replyLost);
		second.close();
		LockHandle third = longLease.join().orElseThrow();
		LockHandle other = this.otherProcess.tryAcquire("k", Duration.ofSeconds(1), Duration.ofSeconds(5))
			.orElseThrow();
		assertThat(third.isHeld()).as("another process holds the lock now").isFalse();
		answer.countDown();
		other.close();
		third.close();
	}

	// 9: with max-hold, a renewal whose reply was lost left a local estimate beyond the
	// store's TTL.
	@Test
	void renewalWhoseReplyWasLostNeverLeavesTheHolderHeldBeyondTheStore() {
		this.locker.after("renew", () -> {
			throw new IllegalStateException("reply lost");
		});
		try (DefaultLockTemplate capped = new DefaultLockTemplate(this.locker,
				new WatchdogSettings(Duration.ofSeconds(2), Duration.ofMillis(100), Duration.ofMillis(500)))) {
			LockHandle held = acquire(capped, "k", null, Duration.ZERO);
			LockHandle other = this.otherProcess.tryAcquire("k", Duration.ofSeconds(1), Duration.ofSeconds(5))
				.orElseThrow();
			assertThat(held.isHeld()).as("another process holds the lock now").isFalse();
			other.close();
			held.close();
		}
	}

	// 16: a lease found lost did not wake the head waiter, which slept on the old
	// estimate.
	@Test
	void headWaiterTakesOverAsSoonAsARenewalFindsTheLeaseLost() {
		try (DefaultLockTemplate watched = new DefaultLockTemplate(this.locker,
				new WatchdogSettings(Duration.ofSeconds(5), Duration.ofMillis(100), null))) {
			LockHandle held = acquire(watched, "k", null, Duration.ZERO);
			CompletableFuture<Optional<LockHandle>> waiter = queueWaiter(watched, "k", Duration.ofSeconds(5),
					Duration.ofSeconds(3));
			this.processes.memory().clear();
			assertThat(waiter.join()).isPresent();
			assertThat(held.isHeld()).isFalse();
			assertThat(watched.statistics().leasesLost()).isOne();
			held.close();
		}
	}

	// 11: without release notices (an ACL user without channel rights), waiters slept
	// until the holder's lease ran out.
	@Test
	void waiterLooksAgainSoonWhileReleaseNoticesCannotArrive() {
		this.locker.setReleaseNoticesActive(false);
		LockHandle held = acquire(this.otherProcess, "k", Duration.ofSeconds(30), Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> waiter = CompletableFuture.supplyAsync(
				() -> this.template.tryAcquire("k", Duration.ofSeconds(30), Duration.ofSeconds(3)),
				TemplateTesting::runOnNewThread);
		await().atMost(Duration.ofSeconds(5)).until(() -> this.locker.calls("acquire") >= 2);
		held.close();
		// Long after the release: a waiter that only tries again at the end of its wait
		// finds it taken again.
		sleep(Duration.ofSeconds(1));
		this.otherProcess.tryAcquire("k", Duration.ofSeconds(30), Duration.ZERO);
		assertThat(waiter.join()).as("found free, with no notice, before the other process took it again").isPresent();
	}

	// A notice sent while the subscription was down is lost: once notices resume, waiters
	// look again.
	@Test
	void waiterLooksAgainWhenReleaseNoticesResume() {
		LockHandle held = acquire(this.otherProcess, "k", Duration.ofSeconds(30), Duration.ZERO);
		// Busy twice: before subscribing, and once more after.
		CountDownLatch foundBusy = new CountDownLatch(2);
		this.locker.after("acquire", foundBusy::countDown);
		CompletableFuture<Optional<LockHandle>> waiter = CompletableFuture.supplyAsync(
				() -> this.template.tryAcquire("k", Duration.ofSeconds(30), Duration.ofSeconds(20)),
				TemplateTesting::runOnNewThread);
		block(foundBusy);
		this.locker.setReleaseNoticesActive(false);
		held.close();
		this.locker.setReleaseNoticesActive(true);
		// Without looking again it would sleep for the holder's lease, beyond its 20 s
		// wait.
		assertThat(waiter.orTimeout(5, TimeUnit.SECONDS).join()).isPresent();
	}

	@Test
	void queuedCallersFailWithinOneTimeoutWhenStoreIsUnreachable() {
		this.locker.before("acquire", () -> {
			sleep(Duration.ofSeconds(1));
			throw new IllegalStateException("Redis did not answer");
		});
		long start = System.nanoTime();
		CompletableFuture<?>[] callers = new CompletableFuture<?>[4];
		for (int i = 0; i < callers.length; i++) {
			callers[i] = CompletableFuture.runAsync(() -> assertThatExceptionOfType(LockStoreException.class)
				.isThrownBy(() -> this.template.tryAcquire("down", Duration.ofSeconds(5), Duration.ofSeconds(10)))
				.withMessageContaining("Redis did not answer"), TemplateTesting::runOnNewThread);
		}
		CompletableFuture.allOf(callers).orTimeout(20, TimeUnit.SECONDS).join();
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as("one timeout for all, not one each")
			.isLessThan(Duration.ofMillis(1900));
	}

	// Issue 19, item 1: the lease was counted from before a store that connected first,
	// so a 600 ms
	// lease taken over a 400 ms connection set-up left the holder about 200 ms.
	@Test
	void leaseCountsFromWhenTheStoreWasSentTheAcquireNotFromBeforeItConnected() {
		this.locker.before("acquire", () -> sleep(Duration.ofMillis(400)));
		acquire(this.template, "k", Duration.ofMillis(600), Duration.ZERO);
		assertThat(this.template.activity().held().get(0).leaseLeft()).as("lease left right after the acquisition")
			.isGreaterThan(Duration.ofMillis(400));
	}

	// Issue 19, item 3: a hand-off passed on a claim about to end; the store dropped it
	// before the
	// slow renewal of the new holding arrived, and the next waiter took over from a
	// holder that had
	// just started.
	@Test
	void handOffWithLessThanAMarginOfLeaseLeftGoesThroughTheStore() throws Exception {
		LockHandle first = acquire(this.template, "k", Duration.ofMillis(90), Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> second = queueWaiter(this.template, "k", Duration.ofSeconds(10),
				Duration.ofSeconds(10));
		CompletableFuture<Optional<LockHandle>> third = queueWaiter(this.template, "k", Duration.ofSeconds(10),
				Duration.ofSeconds(1));
		this.locker.before("renew", () -> sleep(Duration.ofMillis(200)));
		first.close();
		LockHandle next = second.get(5, TimeUnit.SECONDS).orElseThrow();
		assertThat(third.get(5, TimeUnit.SECONDS)).as("the third waiter, while the second holds a 10 s lease")
			.isEmpty();
		assertThat(next.isHeld()).isTrue();
		assertThat(this.template.statistics().leasesLost()).isZero();
		next.close();
	}

	// Issue 19, item 13: a fencing token answered 0 found the lock lost, but the head
	// waiter slept
	// on until the lost holding's lease ran out.
	@Test
	void headWaiterTakesOverAsSoonAsAFencingTokenFindsTheLockLost() {
		LockHandle held = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> waiter = queueWaiter(this.template, "k", Duration.ofSeconds(30),
				Duration.ofSeconds(5));
		this.processes.memory().clear();
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(held::fencingToken);
		assertThat(waiter.join()).isPresent();
		held.close();
	}

	// Issue 19, item 13: a fixed-lease handle never closed kept its key's local lock for
	// as long as the JVM lived.
	@Test
	void aFixedLeaseHandleNobodyCanReachLeavesNoLocalLockBehind() {
		assertThat(this.template.tryAcquire("k", Duration.ofMillis(100), Duration.ZERO)).isPresent();
		await().atMost(Duration.ofSeconds(20)).until(() -> {
			System.gc();
			return this.template.localLockCount() == 0;
		});
	}

	// Issue 19, item 14: the first renewal was due a renew interval after the
	// acquisition's answer, so
	// an answer that came late (a cold JVM, a busy machine) left the claim expired when
	// it was due, and
	// the watchdog dropped the lock without a word while its holder ran.
	@Test
	void firstRenewalIsDueARenewIntervalAfterTheLeaseBeganNotAfterTheAnswer() {
		try (DefaultLockTemplate watched = new DefaultLockTemplate(this.locker,
				new WatchdogSettings(Duration.ofMillis(900), Duration.ofMillis(300), null))) {
			this.locker.after("acquire", () -> sleep(Duration.ofMillis(650)));
			LockHandle held = acquire(watched, "k", null, Duration.ZERO);
			sleep(Duration.ofMillis(1000));
			assertThat(held.isHeld()).as("held past its first lease").isTrue();
			assertThat(watched.statistics().leasesLost()).isZero();
			held.close();
		}
	}

	// Issue 19, item 14: a watchdog lease that ran out before its renewal could be sent
	// was dropped silently.
	@Test
	void watchdogLeaseThatRanOutBeforeItsRenewalIsReportedLost() {
		try (DefaultLockTemplate watched = new DefaultLockTemplate(this.locker,
				new WatchdogSettings(Duration.ofMillis(300), Duration.ofMillis(100), null))) {
			this.locker.after("acquire", () -> sleep(Duration.ofMillis(400)));
			LockHandle held = acquire(watched, "k", null, Duration.ZERO);
			await().atMost(Duration.ofSeconds(5)).until(() -> watched.statistics().leasesLost() == 1);
			assertThat(held.isHeld()).isFalse();
			held.close();
		}
	}

	// Issue 19, item 13: the background release of a claim given up stopped trying once
	// the last
	// holding's lease had run out, though the store still had the longer lease of an
	// earlier holding.
	@Test
	void claimGivenUpIsReleasedInTheBackgroundForAsLongAsTheStoreMayKeepIt() throws Exception {
		LockHandle first = acquire(this.template, "k", Duration.ofSeconds(3), Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> second = queueWaiter(this.template, "k", Duration.ofMillis(200),
				Duration.ofSeconds(5));
		CompletableFuture<Optional<LockHandle>> third = queueWaiter(this.template, "k", Duration.ofSeconds(10),
				Duration.ofMillis(1500));
		// The store keeps the first holding's 3 s lease: the second's shorter one never
		// reaches it.
		this.locker.before("renew", () -> {
			throw new IllegalStateException("renewal timed out");
		});
		long releasesFailUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(600);
		this.locker.before("release", () -> {
			if (System.nanoTime() - releasesFailUntil < 0) {
				throw new IllegalStateException("release timed out");
			}
		});
		first.close();
		LockHandle overran = second.get(5, TimeUnit.SECONDS).orElseThrow();
		assertThat(third.get(5, TimeUnit.SECONDS)).as("the third waiter, once the claim left behind was released")
			.isPresent();
		overran.close();
	}

}
