package io.github.distlock.core;

import java.time.Duration;

/**
 * The answer of {@link Locker#tryAcquire}: either the lock was taken, with its fencing token,
 * or it is held by another owner, with the time left on that owner's lease.
 *
 * @param acquired whether the lock was taken
 * @param fencingToken the new holding's fencing token when acquired, otherwise zero
 * @param holderLease time left on the other holder's lease when busy (positive); zero when unknown
 * @since 0.1.0
 */
public record Acquisition(boolean acquired, long fencingToken, Duration holderLease) {

	/**
	 * Returns an answer for a lock that was taken.
	 * @param fencingToken the new fencing token
	 * @return the acquisition
	 */
	public static Acquisition acquired(long fencingToken) {
		return new Acquisition(true, fencingToken, Duration.ZERO);
	}

	/**
	 * Returns an answer for a lock that another owner holds.
	 * @param holderLease time left on that owner's lease; zero when unknown
	 * @return the acquisition
	 */
	public static Acquisition busy(Duration holderLease) {
		return new Acquisition(false, 0, holderLease);
	}

}
