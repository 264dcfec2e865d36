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

package io.github.distlock.test.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;
import io.github.distlock.test.support.internal.ExplorationPlan;
import io.github.distlock.test.support.internal.RealTimeExploration;

/**
 * The contract of {@link Locker}, run against every locker (Redis, the in-memory fake,
 * any later store), so they all answer alike: every operation, every answer, a replay of
 * each operation, release notices (a process is told of the releases it subscribed to,
 * and of no others), and what is left in the store. A subclass supplies two processes on
 * one store and a few store-specific hooks, and creates them afresh for each test.
 */
public abstract class AbstractLockerContractTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	/**
	 * The most work a store's client keeps for one lock (a task and a watcher per
	 * process, say).
	 */
	private static final int WORK_KEPT_PER_LOCK = 4;

	private final String key = "contract:" + UUID.randomUUID();

	private final String first = owner();

	private final String second = owner();

	private final String third = owner();

	/**
	 * Returns the locker under test, one process; the same instance throughout a test.
	 * @return the locker
	 */
	protected abstract Locker locker();

	/**
	 * Returns another process on the same store; the same instance throughout a test.
	 * @return the other process's locker
	 */
	protected abstract Locker otherProcess();

	/**
	 * Returns a new process on the same store that leaves a lock it gives way to others
	 * for {@code giveWay}.
	 * @param giveWay the give-way window
	 * @return the new process's locker
	 */
	protected abstract Locker processGivingWayFor(Duration giveWay);

	/** Makes the store lose all its data, as a Redis that restarted empty. */
	protected abstract void loseAllData();

	/**
	 * Returns every key the test's lockers left in the store.
	 * @return the time to live of each key in milliseconds, {@code -1} for a key without
	 * one
	 */
	protected abstract Map<String, Long> timesToLive();

	/**
	 * Returns how many distinct locks the footprint test takes.
	 * @return the number of locks
	 */
	protected int footprintLocks() {
		return 100_000;
	}

	/**
	 * Whether a lock frees itself when its lease runs out, and keeps the lease it was
	 * given or renewed to. A store whose locks live as long as their holder's session
	 * (ZooKeeper) answers {@code false}: the tests of expiry, of lease lengths and of a
	 * lock's time to live then do not apply, and the store's own tests show that the end
	 * of a holder's session frees its lock.
	 * @return {@code true} unless locks live by session
	 */
	protected boolean expiresByLease() {
		return true;
	}

	/**
	 * Whether a lock given way is left to other processes' waiters for a window of time,
	 * after which its giver may take it again. A store whose waiters queue in order
	 * (ZooKeeper) answers {@code false}: a lock given way goes to the next waiter in the
	 * queue, which keeps it until it takes it or stops waiting, so there is no window to
	 * end; the other give-way tests still apply.
	 * @return {@code true} unless the store hands a lock given way to its queue
	 */
	protected boolean givesWayForAWindow() {
		return true;
	}

	/**
	 * Returns whether the store tells processes of releases at all. A store without
	 * notices (a database without {@code LISTEN}/{@code NOTIFY}) answers {@code false}:
	 * it must then report notices as never active, so that waiters look again at short
	 * intervals (PROTOCOL.md, invariant 12), and the notice tests are skipped. Every
	 * other store keeps the default. Either way it must agree with the store's own
	 * {@link Locker#sendsReleaseNotices()}, which
	 * {@code storeSaysWhetherItSendsReleaseNotices} checks: answer what the store is
	 * expected to do, not what it says.
	 * @return whether the store delivers release notices
	 */
	protected boolean deliversReleaseNotices() {
		return true;
	}

	/**
	 * The store says what its tests say: one that sends notices but keeps
	 * {@link Locker#sendsReleaseNotices()}'s default has its health report notices as
	 * none by design, never as failing, and, without subscriptions of its own, its
	 * waiters look again every 200 ms.
	 */
	@Test
	void storeSaysWhetherItSendsReleaseNotices() {
		assertThat(locker().sendsReleaseNotices())
			.as("%s.sendsReleaseNotices(), while deliversReleaseNotices() of its contract test is %s",
					locker().getClass().getName(), deliversReleaseNotices())
			.isEqualTo(deliversReleaseNotices());
	}

	@Nested
	class Acquire {

		@Test
		void takesFreeLock() {
			assertThat(locker().tryAcquire(key, first, LEASE, Duration.ZERO)).returns(true, Acquisition::acquired);
		}

		@Test
		void answersHolderLeaseWhenBusy() {
			hold(locker(), key, first, Duration.ofSeconds(5));
			for (Acquisition busy : List.of(otherProcess().tryAcquire(key, second, LEASE, Duration.ZERO),
					locker().tryAcquire(key, third, LEASE, Duration.ZERO))) {
				assertThat(busy.acquired()).isFalse();
				assertThat(busy.holderLease()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(5));
			}
		}

		@Test
		void answersAcquiredAgainToItsOwner() {
			hold(locker(), key, first, LEASE);
			assertThat(locker().tryAcquire(key, first, LEASE, Duration.ZERO)).returns(true, Acquisition::acquired);
		}

		@Test
		void expiredLockIsTakenByAnotherOwner() {
			assumeTrue(expiresByLease(), "locks live by session");
			hold(locker(), key, first, Duration.ofMillis(200));
			await().atMost(TIMEOUT)
				.until(() -> otherProcess().tryAcquire(key, second, LEASE, Duration.ZERO).acquired());
		}

	}

	@Nested
	class ReleaseAndGiveWay {

		@Test
		void ownerReleasesLock() {
			hold(locker(), key, first, LEASE);
			assertThat(locker().release(key, first)).isEqualTo(Release.RELEASED);
			assertThat(otherProcess().tryAcquire(key, second, LEASE, Duration.ZERO)).returns(true,
					Acquisition::acquired);
		}

		@Test
		void releasingAgainAnswersGone() {
			hold(locker(), key, first, LEASE);
			locker().release(key, first);
			assertThat(locker().release(key, first)).isEqualTo(Release.GONE);
			assertThat(locker().giveWay(key, first)).isEqualTo(Release.GONE);
		}

		@Test
		void releasingAgainAfterAWaiterTookTheLockAnswersGone() {
			hold(locker(), key, first, LEASE);
			assertThat(otherProcess().tryAcquire(key, second, LEASE, WAIT).acquired()).isFalse();
			assertThat(locker().release(key, first)).isEqualTo(Release.RELEASED);
			assertThat(otherProcess().tryAcquire(key, second, LEASE, Duration.ZERO)).returns(true,
					Acquisition::acquired);
			assertThat(locker().release(key, first)).as("the same release, sent again").isEqualTo(Release.GONE);
			assertThat(otherProcess().fence(key, second)).as("still held by the waiter").isPositive();
		}

		@Test
		void anotherOwnerLeavesLockAlone() {
			hold(locker(), key, first, LEASE);
			assertThat(otherProcess().release(key, second)).isEqualTo(Release.TAKEN);
			assertThat(otherProcess().giveWay(key, second)).isEqualTo(Release.TAKEN);
			assertThat(otherProcess().tryAcquire(key, second, LEASE, Duration.ZERO).acquired()).isFalse();
		}

		@Test
		void expiredLockAnswersGone() {
			assumeTrue(expiresByLease(), "locks live by session");
			hold(locker(), key, first, Duration.ofMillis(200));
			await().atMost(TIMEOUT).until(() -> locker().fence(key, first) == 0);
			assertThat(locker().release(key, first)).isEqualTo(Release.GONE);
		}

		@Test
		void givingWayLeavesLockToWaitingProcess() {
			Locker giver = processGivingWayFor(Duration.ofMinutes(1));
			hold(giver, key, first, LEASE);
			assertThat(otherProcess().tryAcquire(key, second, LEASE, WAIT).acquired()).isFalse();
			assertThat(giver.giveWay(key, first)).isEqualTo(Release.RELEASED);
			Acquisition own = giver.tryAcquire(key, third, LEASE, Duration.ZERO);
			assertThat(own.acquired()).isFalse();
			assertThat(own.holderLease()).isPositive();
			assertThat(otherProcess().tryAcquire(key, second, LEASE, Duration.ZERO)).returns(true,
					Acquisition::acquired);
			otherProcess().release(key, second);
			assertThat(giver.tryAcquire(key, third, LEASE, Duration.ZERO)).returns(true, Acquisition::acquired);
		}

		@Test
		void givingWayWithNobodyElseWaitingIsPlainRelease() {
			Locker giver = processGivingWayFor(Duration.ofMinutes(1));
			hold(giver, key, first, LEASE);
			assertThat(giver.tryAcquire(key, second, LEASE, WAIT).acquired()).isFalse();
			assertThat(giver.giveWay(key, first)).isEqualTo(Release.RELEASED);
			assertThat(giver.tryAcquire(key, second, LEASE, Duration.ZERO)).returns(true, Acquisition::acquired);
		}

		@Test
		void giveWayEndsAfterItsWindow() {
			assumeTrue(givesWayForAWindow(), "a lock given way goes to the next waiter in the queue");
			Locker giver = processGivingWayFor(Duration.ofSeconds(1));
			hold(giver, key, first, LEASE);
			otherProcess().tryAcquire(key, second, LEASE, WAIT);
			giver.giveWay(key, first);
			assertThat(giver.tryAcquire(key, third, LEASE, Duration.ZERO).holderLease()).isPositive()
				.isLessThanOrEqualTo(Duration.ofSeconds(1));
			await().atMost(TIMEOUT).until(() -> giver.tryAcquire(key, third, LEASE, Duration.ZERO).acquired());
		}

	}

	@Nested
	class Renew {

		@Test
		void extendsLease() {
			assumeTrue(expiresByLease(), "locks live by session");
			hold(locker(), key, first, Duration.ofSeconds(2));
			assertThat(locker().renew(List.of(lease(key, first, LEASE)))).containsExactly(Renewal.RENEWED);
			assertThat(otherProcess().tryAcquire(key, second, LEASE, Duration.ZERO).holderLease())
				.isGreaterThan(Duration.ofSeconds(2));
		}

		@Test
		void shortensLease() {
			assumeTrue(expiresByLease(), "locks live by session");
			hold(locker(), key, first, LEASE);
			assertThat(locker().renew(List.of(lease(key, first, Duration.ofMillis(300)))))
				.containsExactly(Renewal.RENEWED);
			assertThat(otherProcess().tryAcquire(key, second, LEASE, Duration.ZERO).holderLease())
				.isLessThanOrEqualTo(Duration.ofMillis(300));
			await().atMost(TIMEOUT)
				.until(() -> otherProcess().tryAcquire(key, second, LEASE, Duration.ZERO).acquired());
		}

		@Test
		void answersEachLockOfBatchInOrderAndAgainAlike() {
			List<LeaseRequest> batch = new ArrayList<>();
			for (String name : List.of("held", "taken", "gone", "awaited")) {
				batch.add(lease(key + ":" + name, first, LEASE));
			}
			hold(locker(), key + ":held", first, LEASE);
			hold(otherProcess(), key + ":taken", second, LEASE);
			hold(locker(), key + ":awaited", first, LEASE);
			otherProcess().tryAcquire(key + ":awaited", second, LEASE, WAIT);
			List<Renewal> answers = List.of(Renewal.RENEWED, Renewal.LOST, Renewal.LOST,
					Renewal.RENEWED_OTHERS_WAITING);
			assertThat(locker().renew(batch)).isEqualTo(answers);
			assertThat(locker().renew(batch)).isEqualTo(answers);
		}

		@Test
		void othersWaitOnlyWhenAnotherProcessWaits() {
			hold(locker(), key, first, LEASE);
			otherProcess().tryAcquire(key, second, LEASE, Duration.ZERO);
			assertThat(renewFirst()).isEqualTo(Renewal.RENEWED);
			locker().tryAcquire(key, third, LEASE, WAIT);
			assertThat(renewFirst()).isEqualTo(Renewal.RENEWED);
			otherProcess().tryAcquire(key, second, LEASE, WAIT);
			assertThat(renewFirst()).isEqualTo(Renewal.RENEWED_OTHERS_WAITING);
		}

		private Renewal renewFirst() {
			return locker().renew(List.of(lease(key, first, LEASE))).get(0);
		}

	}

	@Nested
	class Fence {

		@Test
		void mintsIncreasingTokensForItsOwner() {
			hold(locker(), key, first, LEASE);
			long token = locker().fence(key, first);
			assertThat(token).isPositive();
			assertThat(locker().fence(key, first)).isGreaterThan(token);
		}

		@Test
		void mintsIncreasingTokensAcrossHoldersAndCycles() {
			long last = 0;
			for (int i = 0; i < 6; i++) {
				Locker process = (i % 2 == 0) ? locker() : otherProcess();
				String owner = owner();
				hold(process, key, owner, LEASE);
				long token = process.fence(key, owner);
				assertThat(token).isGreaterThan(last);
				assertThat(process.release(key, owner)).isEqualTo(Release.RELEASED);
				last = token;
			}
		}

		@Test
		void answersZeroToAnotherOwnerAndForGoneLock() {
			hold(locker(), key, first, LEASE);
			assertThat(otherProcess().fence(key, second)).isZero();
			assertThat(locker().fence(key + ":gone", first)).isZero();
		}

		@Test
		void mintsIncreasingTokensAfterStoreLostItsData() {
			hold(locker(), key, first, LEASE);
			long token = locker().fence(key, first);
			loseAllData();
			hold(otherProcess(), key, second, LEASE);
			assertThat(otherProcess().fence(key, second)).isGreaterThan(token);
		}

	}

	@Nested
	class Find {

		@Test
		void tellsEveryProcessTheOwnerWholeAndTheLeaseLeft() {
			String described = first + " 1764083400123 orders (pid 42 on wéb-1)";
			hold(locker(), key, described, LEASE);
			StoredLock found = otherProcess().find(key).orElseThrow();
			assertThat(found.owner()).isEqualTo(described);
			if (expiresByLease()) {
				assertThat(found.timeToLive()).isPositive().isLessThanOrEqualTo(LEASE);
			}
			else {
				assertThat(found.timeToLive()).as("a lock that lives by session has no time to live").isNull();
			}
		}

		@Test
		void findsNothingOfAFreeOrReleasedLock() {
			assertThat(locker().find(key)).isEmpty();
			hold(locker(), key, first, LEASE);
			assertThat(locker().release(key, first)).isEqualTo(Release.RELEASED);
			assertThat(otherProcess().find(key)).isEmpty();
		}

		@Test
		void findsNothingOnceTheLeaseRanOut() {
			assumeTrue(expiresByLease(), "locks live by session");
			// Long enough that a Redlock acquire, which does not count when slower than
			// its lease, counts.
			hold(locker(), key, first, Duration.ofMillis(300));
			await().atMost(TIMEOUT).until(() -> locker().find(key).isEmpty());
		}

	}

	@Nested
	class Notices {

		@BeforeEach
		void storeDeliversNotices() {
			assumeTrue(deliversReleaseNotices(), "the store sends no release notices");
		}

		@Test
		void processIsToldOfAReleaseItSubscribedTo() throws InterruptedException {
			BlockingQueue<String> ours = listen(locker());
			try (ReleaseSubscription subscription = subscribe(locker(), key)) {
				hold(otherProcess(), key, first, LEASE);
				locker().tryAcquire(key, second, LEASE, WAIT);
				assertThat(otherProcess().release(key, first)).isEqualTo(Release.RELEASED);
				assertThat(ours.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(key);
			}
		}

		@Test
		void processIsNotToldOfReleasesItDidNotSubscribeTo() throws InterruptedException {
			BlockingQueue<String> ours = listen(locker());
			String awaited = key + ":awaited";
			try (ReleaseSubscription subscription = subscribe(locker(), awaited)) {
				hold(otherProcess(), key, first, LEASE);
				hold(otherProcess(), awaited, first, LEASE);
				// Both awaited, by a third process: each release is announced, to its
				// subscribers.
				Locker third = processGivingWayFor(Duration.ofMillis(100));
				third.tryAcquire(key, second, LEASE, WAIT);
				third.tryAcquire(awaited, second, LEASE, WAIT);
				otherProcess().release(key, first);
				otherProcess().release(awaited, first);
				// Notices arrive in the order of the releases: had we been told of the
				// first, it would come first.
				// (A store of several nodes, Redlock, tells once per node, each node in
				// order.)
				assertThat(ours.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(awaited);
				assertThat(ours).doesNotContain(key);
			}
		}

		@Test
		void nobodyIsToldWhenNobodyWaited() throws InterruptedException {
			BlockingQueue<String> notices = listen(locker());
			String awaited = key + ":awaited";
			try (ReleaseSubscription subscriptions = subscribe(locker(), key);
					ReleaseSubscription awaitedSubscription = subscribe(locker(), awaited)) {
				hold(otherProcess(), key, first, LEASE);
				hold(otherProcess(), awaited, first, LEASE);
				locker().tryAcquire(key, second, LEASE, Duration.ZERO);
				locker().tryAcquire(awaited, second, LEASE, WAIT);
				otherProcess().release(key, first);
				otherProcess().release(awaited, first);
				assertThat(notices.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(awaited);
				assertThat(notices).doesNotContain(key);
			}
		}

		@Test
		void closedSubscriptionIsToldNoMoreWhileAnotherOfTheSameLockStillIs() throws InterruptedException {
			BlockingQueue<String> ours = listen(locker());
			String later = key + ":later";
			ReleaseSubscription kept = subscribe(locker(), key);
			subscribe(locker(), key).close();
			ReleaseSubscription closed = subscribe(locker(), later);
			closed.close();
			try (ReleaseSubscription laterAgain = subscribe(locker(), later + ":again")) {
				hold(otherProcess(), later, first, LEASE);
				hold(otherProcess(), key, first, LEASE);
				hold(otherProcess(), later + ":again", first, LEASE);
				for (String name : List.of(later, key, later + ":again")) {
					locker().tryAcquire(name, second, LEASE, WAIT);
				}
				otherProcess().release(later, first);
				otherProcess().release(key, first);
				otherProcess().release(later + ":again", first);
				// In a cluster the three locks may sit on three shards, whose notices
				// come in any order.
				List<String> told = new ArrayList<>();
				while (!told.containsAll(List.of(key, later + ":again"))) {
					String notice = ours.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
					assertThat(notice).as("notices so far: %s", told).isNotNull();
					told.add(notice);
				}
				assertThat(told).doesNotContain(later);
				assertThat(ours).doesNotContain(later);
			}
			finally {
				kept.close();
			}
		}

		private BlockingQueue<String> listen(Locker process) {
			BlockingQueue<String> notices = new LinkedBlockingQueue<>();
			process.onRelease(notices::add);
			await().atMost(TIMEOUT).until(process::releaseNoticesActive);
			return notices;
		}

		private ReleaseSubscription subscribe(Locker process, String name) {
			ReleaseSubscription subscription = process.subscribe(name, Duration.ofSeconds(10));
			await().atMost(TIMEOUT).until(subscription::isActive);
			return subscription;
		}

	}

	@Nested
	class WithoutNotices {

		@Test
		void storeWithoutNoticesNeverReportsThemActive() {
			assumeFalse(deliversReleaseNotices(), "the store sends release notices");
			locker().onRelease((name) -> {
			});
			hold(otherProcess(), key, first, LEASE);
			locker().tryAcquire(key, second, LEASE, WAIT);
			try (ReleaseSubscription subscription = locker().subscribe(key, Duration.ofSeconds(10))) {
				assertThat(subscription.isActive()).isFalse();
				assertThat(locker().releaseNoticesActive()).isFalse();
			}
		}

	}

	/**
	 * The exploration's workload and invariants (PROTOCOL.md, "Time and exploration") on
	 * this store, in real time: two processes of three threads each take one lock with
	 * fixed and watchdog leases, waits, re-entry, fencing and minimum holds; no two of
	 * them ever hold it at once, their tokens grow in the order they held it, and no
	 * acquisition outlasts its wait by much.
	 */
	@Nested
	class Exploration {

		@Test
		void holdersOfManyThreadsInTwoProcessesNeverOverlapAndTheirTokensFollowTheirOrder() throws Exception {
			explore(new ExplorationPlan(2, 3, 1, Duration.ofSeconds(3), Duration.ofMillis(900), false, false, false,
					false));
		}

		/**
		 * Waiters come and go behind long holders: what a store's client keeps per wait
		 * must not pile up.
		 */
		@Test
		void longHoldersWithWaitersComingAndGoingKeepTheWorkPerLockBounded() throws Exception {
			explore(new ExplorationPlan(2, 3, 1, Duration.ofSeconds(3), Duration.ofMillis(900), false, false, false,
					true));
		}

		private void explore(ExplorationPlan plan) throws Exception {
			long seed = System.nanoTime();
			ExecutorService sampler = Executors.newSingleThreadExecutor();
			try {
				Future<Integer> mostKept = sampler.submit(() -> mostWorkKeptUntilInterrupted());
				List<String> failures = new RealTimeExploration(seed, plan).run(
						AbstractLockerContractTests.this.key + ":", List.of(locker(), otherProcess()),
						explorationOverrun());
				assertThat(failures).as("broken invariants (workload seed %d)", seed).isEmpty();
				sampler.shutdownNow();
				assertThat(mostKept.get()).as("the most work kept for the one lock while it was waited for")
					.isLessThanOrEqualTo(WORK_KEPT_PER_LOCK);
			}
			finally {
				sampler.shutdownNow();
			}
		}

		private int mostWorkKeptUntilInterrupted() {
			int most = 0;
			while (!Thread.currentThread().isInterrupted()) {
				most = Math.max(most, workKeptPerLock());
				try {
					Thread.sleep(20);
				}
				catch (InterruptedException ex) {
					break;
				}
			}
			return most;
		}

	}

	/**
	 * Returns the most work the test's lockers keep in memory for any one lock now: tasks
	 * scheduled on their own threads, watchers registered with their clients. The
	 * exploration samples it while its workers wait and hold, and it must stay within
	 * {@link #WORK_KEPT_PER_LOCK}, however many busy answers and waits there were. A
	 * store that keeps none answers 0, this default.
	 * @return the most work kept for one lock
	 */
	protected int workKeptPerLock() {
		return 0;
	}

	/**
	 * Returns how much longer than its wait an acquisition may take on this store in the
	 * exploration: a few round trips and a store's own waits (a session's proof, a pool's
	 * borrow).
	 * @return the bound
	 */
	protected Duration explorationOverrun() {
		return Duration.ofSeconds(2);
	}

	@Nested
	class Footprint {

		@Test
		void everyKeyExpiresAndNoneIsLeftOnceFencingIsForgotten() throws Exception {
			int locks = footprintLocks();
			long started = System.nanoTime();
			cycleLocksOnThreads(locks, 16);
			Duration took = Duration.ofNanos(System.nanoTime() - started);
			Map<String, Long> left = timesToLive();
			System.out.println("Footprint of " + AbstractLockerContractTests.this.getClass().getSimpleName() + ": "
					+ left.size() + " keys left right after " + locks + " locks were acquired, fenced and released in "
					+ took.toMillis() + " ms");
			assertThat(left).doesNotContainValue(-1L);
			await().atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(500))
				.until(() -> timesToLive().isEmpty());
		}

		private void cycleLocksOnThreads(int locks, int threadCount) throws Exception {
			ExecutorService threads = Executors.newFixedThreadPool(threadCount);
			try {
				List<Future<?>> workers = new ArrayList<>();
				for (int thread = 0; thread < threadCount; thread++) {
					int start = thread;
					workers.add(threads.submit(() -> cycleLocks(start, threadCount, locks)));
				}
				for (Future<?> worker : workers) {
					worker.get(2, TimeUnit.MINUTES);
				}
			}
			finally {
				threads.shutdownNow();
			}
		}

		/**
		 * Takes, fences and frees every {@code step}th lock; every tenth is awaited and
		 * given way.
		 */
		private void cycleLocks(int start, int step, int locks) {
			for (int i = start; i < locks; i += step) {
				String name = key + ":" + i;
				String owner = owner();
				hold(locker(), name, owner, LEASE);
				assertThat(locker().fence(name, owner)).isPositive();
				boolean awaited = i % 10 == 0;
				if (awaited) {
					otherProcess().tryAcquire(name, second, LEASE, WAIT);
				}
				Release release = awaited ? locker().giveWay(name, owner) : locker().release(name, owner);
				assertThat(release).isEqualTo(Release.RELEASED);
			}
		}

	}

	private static void hold(Locker process, String name, String owner, Duration lease) {
		assertThat(process.tryAcquire(name, owner, lease, Duration.ZERO)).returns(true, Acquisition::acquired);
	}

	private static LeaseRequest lease(String name, String owner, Duration lease) {
		return new LeaseRequest(name, owner, lease);
	}

	private static String owner() {
		return UUID.randomUUID().toString();
	}

}
