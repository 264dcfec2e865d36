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
import java.util.ArrayDeque;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * One lock's {@link KeyState} in this process, its queue of waiters, and the transitions
 * of PROTOCOL.md (beside this class), each one method. The mutex guards every field; no
 * store call is made while it is held.
 */
final class LocalLock {

	/**
	 * The confirmed lease a hand-off leaves the next holding at least (or its whole
	 * lease, when shorter): time for the lease keeper to set the holding's lease in the
	 * store. With less left, the claim goes back to the store and the next holding takes
	 * the lock there.
	 */
	static final Duration HAND_OFF_MARGIN = Duration.ofMillis(100);

	private final ReentrantLock mutex = new ReentrantLock();

	private final Timing timing;

	private final ArrayDeque<Waiter> queue = new ArrayDeque<>();

	private KeyState state = KeyState.FREE;

	private final ReleaseNotices notices;

	LocalLock(Timing timing) {
		this.timing = timing;
		this.notices = new ReleaseNotices(timing);
	}

	Timing timing() {
		return this.timing;
	}

	/**
	 * Joins the current holding when the given thread holds it already.
	 * @return the holding, entered once more, or {@code null} when not held by this
	 * thread
	 */
	@Nullable Holding reenter(Thread thread) {
		this.mutex.lock();
		try {
			if (this.state instanceof KeyState.Held held && held.holding().isReentrantFor(thread)
					&& held.holding().tryEnter()) {
				return held.holding();
			}
			return null;
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * Takes the turn, waiting for it until {@code deadline} (a {@link Timing#nanoTime()}
	 * value).
	 * @return the turn, or {@code null} when the deadline passed or the thread was
	 * interrupted (its flag set again)
	 */
	@Nullable Turn awaitTurn(LockRequest request, long deadline) {
		this.mutex.lock();
		try {
			if (this.state == KeyState.FREE) {
				this.state = new KeyState.Acquiring(Thread.currentThread(), request.requestedAt());
				return Turn.TO_STORE;
			}
			Waiter waiter = new Waiter(request, this.timing.newCondition(this.mutex));
			this.queue.addLast(waiter);
			return awaitGrant(waiter, deadline);
		}
		finally {
			this.mutex.unlock();
		}
	}

	private @Nullable Turn awaitGrant(Waiter waiter, long deadline) {
		boolean interrupted = false;
		try {
			while (waiter.turn == null) {
				long remaining = deadline - this.timing.nanoTime();
				if (remaining <= 0 || interrupted) {
					this.queue.remove(waiter);
					wakeHead();
					return null;
				}
				Holding ahead = watchedHolding(waiter);
				// Released last: a release begun meanwhile makes the holding not held,
				// and is no run-out lease.
				if (ahead != null && !ahead.isHeld() && !ahead.isReleased()) {
					takeOver(waiter, ahead);
					break;
				}
				try {
					this.timing.awaitNanos(waiter.wake, pause(waiter, remaining));
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
			}
			return waiter.turn;
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/**
	 * The holding whose lease the waiter watches: only the head watches, and only a
	 * holding not yet released (a released one is about to pass the turn on, which wakes
	 * the head).
	 */
	private @Nullable Holding watchedHolding(Waiter waiter) {
		if (this.queue.peekFirst() == waiter && this.state instanceof KeyState.Held held
				&& !held.holding().isReleased()) {
			return held.holding();
		}
		return null;
	}

	/**
	 * The head sleeps until the holding ahead stops being held; the others until they are
	 * woken.
	 */
	private long pause(Waiter waiter, long remaining) {
		Holding ahead = watchedHolding(waiter);
		return (ahead != null) ? Math.min(remaining, ahead.remainingNanos() + 1) : remaining;
	}

	private void takeOver(Waiter head, Holding expired) {
		this.queue.removeFirst();
		this.state = head.acquiring();
		head.grant(new Turn.TakenOver(expired));
	}

	/**
	 * {@code Acquiring} to {@code Held}: the thread with the turn took the lock in the
	 * store.
	 */
	void acquired(Holding holding) {
		this.mutex.lock();
		try {
			this.state = new KeyState.Held(holding.claim(), holding);
			wakeHead();
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * {@code Acquiring} to the head waiter, or {@code Free}: the thread with the turn did
	 * not take the lock.
	 * @param storeFailure why the store could not be reached, so the next waiter fails at
	 * once, or {@code null}
	 */
	void passTurn(@Nullable RuntimeException storeFailure) {
		this.mutex.lock();
		try {
			giveTurnToHead((storeFailure != null) ? new Turn.StoreDown(storeFailure) : Turn.TO_STORE);
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * {@code Held} by the given holding to a hand-off to the head waiter, or to
	 * {@code Releasing}; nothing when the holding was taken over meanwhile. The claim is
	 * handed on while it is live and no other process is known to wait; otherwise it goes
	 * back to the store, giving way to the other processes when local waiters remain.
	 */
	ReleaseStep release(Holding holding) {
		this.mutex.lock();
		try {
			if (!(this.state instanceof KeyState.Held held) || held.holding() != holding) {
				return ReleaseStep.NOTHING;
			}
			Claim claim = held.claim();
			Waiter next = this.queue.peekFirst();
			if (next != null && !claim.othersWaiting() && claim.isLiveFor(handOffMargin(next.request))) {
				this.queue.removeFirst();
				Holding handedOver = new Holding(claim, next.request, next.thread, this.timing.nanoTime());
				this.state = new KeyState.Held(claim, handedOver);
				next.grant(new Turn.HandedOver(handedOver));
				wakeHead();
				return new ReleaseStep.HandedOff(handedOver);
			}
			this.state = new KeyState.Releasing(claim);
			return new ReleaseStep.GiveBack(claim, next != null && claim.othersWaiting());
		}
		finally {
			this.mutex.unlock();
		}
	}

	private static long handOffMargin(LockRequest next) {
		return Math.min(HAND_OFF_MARGIN.toNanos(), next.lease().toNanos());
	}

	/**
	 * {@code Releasing} to the head waiter, or {@code Free}: the claim went back to the
	 * store.
	 */
	void released() {
		this.mutex.lock();
		try {
			giveTurnToHead(Turn.TO_STORE);
		}
		finally {
			this.mutex.unlock();
		}
	}

	private void giveTurnToHead(Turn turn) {
		Waiter next = this.queue.pollFirst();
		if (next == null) {
			this.state = KeyState.FREE;
			return;
		}
		this.state = next.acquiring();
		next.grant(turn);
		wakeHead();
	}

	/**
	 * {@code Held} by the given holding to the head waiter ({@code ToStore}), or
	 * {@code Free}: the application stopped during the holding's minimum hold, and the
	 * claim is left to expire in the store, so nobody here may hand it on; nothing when
	 * the holding was taken over meanwhile.
	 */
	void leftToStore(Holding holding) {
		this.mutex.lock();
		try {
			if (this.state instanceof KeyState.Held held && held.holding() == holding) {
				giveTurnToHead(Turn.TO_STORE);
			}
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * The current holding of the given claim, or {@code null} once the claim is not held.
	 */
	@Nullable Holding holdingOf(Claim claim) {
		this.mutex.lock();
		try {
			return (this.state instanceof KeyState.Held held && held.claim() == claim) ? held.holding() : null;
		}
		finally {
			this.mutex.unlock();
		}
	}

	/** The claim held with the given owner token, or {@code null} when none is. */
	@Nullable Claim claimOf(String owner) {
		this.mutex.lock();
		try {
			return (this.state instanceof KeyState.Held held && held.claim().owner().equals(owner)) ? held.claim()
					: null;
		}
		finally {
			this.mutex.unlock();
		}
	}

	/** The holding's lease may have changed: the head re-measures how long to sleep. */
	void holdingChanged() {
		this.mutex.lock();
		try {
			wakeHead();
		}
		finally {
			this.mutex.unlock();
		}
	}

	private void wakeHead() {
		Waiter head = this.queue.peekFirst();
		if (head != null) {
			head.wake.signal();
		}
	}

	/**
	 * Tells the recorder this lock's holding, not yet released, and the threads that want
	 * it.
	 */
	void describe(String key, ActivityRecorder recorder) {
		this.mutex.lock();
		try {
			if (this.state instanceof KeyState.Held held && !held.holding().isReleased()) {
				recorder.held(held.holding());
			}
			if (this.state instanceof KeyState.Acquiring acquiring) {
				recorder.waiting(key, acquiring.thread(), acquiring.since(), true);
			}
			for (Waiter waiter : this.queue) {
				recorder.waiting(key, waiter.thread, waiter.request.requestedAt(), false);
			}
		}
		finally {
			this.mutex.unlock();
		}
	}

	/** Returns how many threads queue for the turn, for tests. */
	int queueLength() {
		this.mutex.lock();
		try {
			return this.queue.size();
		}
		finally {
			this.mutex.unlock();
		}
	}

	ReleaseNotices notices() {
		return this.notices;
	}

}
