package io.github.distlock.benchmarks;

import java.time.Duration;

/**
 * One thread's use of one lock key with one contender: take the lock, then give it back.
 * A session is used by a single thread only, so it may keep the current holding in a field.
 */
interface LockSession {

	/**
	 * Takes the lock, waiting up to the contender's wait time.
	 * @return {@code true} when the lock is held, {@code false} when the wait ran out
	 */
	default boolean acquire() {
		return acquire(Contender.WAIT);
	}

	/**
	 * Takes the lock, waiting up to the given time.
	 * @param wait how long to wait while another holder has the lock
	 * @return {@code true} when the lock is held, {@code false} when the wait ran out
	 */
	boolean acquire(Duration wait);

	/** Releases the lock taken by the last successful {@link #acquire()}. */
	void release();

}
