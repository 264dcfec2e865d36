package io.github.distlock.core;

import java.time.Duration;

/**
 * The answer of {@link Locker#tryAcquire}: either the lock was taken, or it is held by another
 * owner, with the time left on that owner's lease.
 *
 * @param acquired whether the lock was taken (or was held by the same owner already)
 * @param holderLease time left on the other holder's lease when busy (positive); zero when unknown
 * @since 0.1.0
 */
public record Acquisition(boolean acquired, Duration holderLease) {

	/** The answer for a lock that was taken. */
	public static final Acquisition ACQUIRED = new Acquisition(true, Duration.ZERO);

	/**
	 * Returns an answer for a lock that another owner holds.
	 * @param holderLease time left on that owner's lease; zero when unknown
	 * @return the acquisition
	 */
	public static Acquisition busy(Duration holderLease) {
		return new Acquisition(false, holderLease);
	}

}
