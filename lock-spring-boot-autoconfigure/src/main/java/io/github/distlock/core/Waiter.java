package io.github.distlock.core;

import java.util.concurrent.locks.Condition;

import org.jspecify.annotations.Nullable;

/**
 * A thread of this process queued for its turn at one lock. Guarded by its {@link LocalLock}'s
 * mutex.
 */
final class Waiter {

	enum State {

		/** In the queue. */
		WAITING,
		/** Taken from the queue by a releasing holder that is handing the lock over. */
		CLAIMED,
		/** Has the turn, with or without a holding handed over. */
		GRANTED,
		/** Gave up (deadline or interrupt). */
		CANCELLED

	}

	final LockRequest request;

	final Thread thread = Thread.currentThread();

	final Condition turnPassed;

	State state = State.WAITING;

	@Nullable Holding handedOver;

	/** The holding whose lease ran out unreleased, when this waiter took the turn from it. */
	@Nullable Holding tookOverFrom;

	/** Set when the previous thread with the turn found the store unreachable. */
	@Nullable RuntimeException storeFailure;

	Waiter(LockRequest request, Condition turnPassed) {
		this.request = request;
		this.turnPassed = turnPassed;
	}

}
