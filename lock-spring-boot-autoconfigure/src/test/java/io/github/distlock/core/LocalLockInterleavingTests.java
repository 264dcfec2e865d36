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

import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.ExtendWith;
import org.pastalab.fray.junit.junit5.FrayTestExtension;
import org.pastalab.fray.junit.junit5.annotations.FrayTest;

import static io.github.distlock.core.InterleavingFixtures.NO_DEADLINE;
import static io.github.distlock.core.InterleavingFixtures.joinAll;
import static io.github.distlock.core.InterleavingFixtures.start;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The turn of one {@link LocalLock} under Fray's controlled scheduler: real threads
 * arrive, hold, hand off, give back, leave and take over in the schedules Fray picks
 * (invariants 1, 3 and 5 of PROTOCOL.md). A failure prints the iteration and where Fray
 * saved its schedule ({@code target/fray/report});
 * {@code @FrayTest(replay = "<that folder>/recording")} replays it.
 */
@ExtendWith(FrayTestExtension.class)
class LocalLockInterleavingTests {

	private static final String KEY = "k";

	private final CountingLocker locker = new CountingLocker();

	private final LocalLock local = InterleavingFixtures.localLock(new InterleavingTiming());

	/** Threads between their holding's start and its release: never more than one. */
	private final AtomicInteger inside = new AtomicInteger();

	private final AtomicInteger holdings = new AtomicInteger();

	private final AtomicInteger owners = new AtomicInteger();

	@FrayTest(iterations = 300, resetClassLoaderPerIteration = false)
	void oneThreadHoldsAtATimeAndEveryReleasePassesTheTurn() throws InterruptedException {
		Thread[] threads = { start(this::holdOnce), start(this::holdOnce), start(this::holdOnce) };
		joinAll(threads);
		assertThat(this.holdings).hasValue(3);
		assertTurnIsFree();
	}

	@FrayTest(iterations = 300, resetClassLoaderPerIteration = false)
	void aWaiterWhoseWaitEndsGetsTheTurnOrLeavesAndTheQueueEndsEmpty() throws InterruptedException {
		// Fray 0.9.2 cannot interrupt a thread on JDK 17, so the waiter that leaves is
		// one whose deadline passed.
		Thread[] threads = { start(this::holdOnce), start(this::holdUnlessTimedOut), start(this::holdOnce) };
		joinAll(threads);
		assertThat(this.holdings.get()).isBetween(2, 3);
		assertTurnIsFree();
	}

	@FrayTest(iterations = 300, resetClassLoaderPerIteration = false)
	void theHeadTakesOverAHoldingFoundLost() throws InterruptedException {
		Holding lost = acquire();
		assertThat(lost).isNotNull();
		Thread waiter = start(() -> {
			Turn turn = this.local.awaitTurn(InterleavingFixtures.request(KEY), NO_DEADLINE);
			assertThat(turn).isEqualTo(new Turn.TakenOver(lost));
			this.local.passTurn(null);
		});
		// What the lease keeper does when a renewal finds the claim lost.
		lost.claim().markLost();
		this.local.holdingChanged();
		joinAll(waiter);
		assertTurnIsFree();
	}

	private void holdOnce() {
		Holding holding = acquire();
		assertThat(holding).isNotNull();
		hold(holding);
	}

	/** Holds the lock if its turn comes at once, else leaves the queue. */
	private void holdUnlessTimedOut() {
		Holding holding = acquire(System.nanoTime());
		if (holding != null) {
			hold(holding);
		}
	}

	private void hold(Holding holding) {
		assertThat(this.inside.incrementAndGet()).as("threads holding the lock at once").isEqualTo(1);
		this.holdings.incrementAndGet();
		Thread.yield();
		this.inside.decrementAndGet();
		release(holding);
	}

	/**
	 * Takes the turn and then the lock, as {@code LockCoordinator} does with a store that
	 * grants it.
	 */
	private @Nullable Holding acquire() {
		return acquire(NO_DEADLINE);
	}

	private @Nullable Holding acquire(long deadline) {
		LockRequest request = InterleavingFixtures.request(KEY);
		Turn turn = this.local.awaitTurn(request, deadline);
		if (turn == null) {
			return null;
		}
		if (turn instanceof Turn.HandedOver handedOver) {
			return handedOver.holding();
		}
		Holding holding = InterleavingFixtures.holding(this.local, this.locker, request,
				"owner-" + this.owners.incrementAndGet());
		this.local.acquired(holding);
		return holding;
	}

	/** Hands off or gives back, as {@code HoldingReleaser} does. */
	private void release(Holding holding) {
		holding.markReleased();
		ReleaseStep step = this.local.release(holding);
		if (step instanceof ReleaseStep.GiveBack giveBack) {
			this.locker.release(KEY, giveBack.claim().owner());
			this.local.released();
		}
	}

	/** Nobody queues, and the next arrival gets the turn at once. */
	private void assertTurnIsFree() {
		assertThat(this.local.queueLength()).isZero();
		assertThat(this.local.awaitTurn(InterleavingFixtures.request(KEY), 0)).isEqualTo(Turn.TO_STORE);
		this.local.passTurn(null);
	}

}
