package io.github.distlock.core;

import java.util.concurrent.locks.Condition;

import org.jspecify.annotations.Nullable;

/**
 * A thread of this process queued for its turn at one lock. Guarded by its {@link LocalLock}'s
 * mutex.
 */
final class Waiter {

	final LockRequest request;

	final Thread thread = Thread.currentThread();

	final Condition wake;

	/** How the wait ended; {@code null} while the waiter is queued. */
	@Nullable Turn turn;

	Waiter(LockRequest request, Condition wake) {
		this.request = request;
		this.wake = wake;
	}

	/** The state of the lock once this waiter has the turn, to go to the store. */
	KeyState.Acquiring acquiring() {
		return new KeyState.Acquiring(this.thread, this.request.requestedAt());
	}

	void grant(Turn turn) {
		this.turn = turn;
		this.wake.signal();
	}

}
