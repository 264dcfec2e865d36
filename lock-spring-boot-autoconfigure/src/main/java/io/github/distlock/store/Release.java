package io.github.distlock.store;

/**
 * The answer of {@link Locker#release} and {@link Locker#giveWay}.
 *
 * @since 0.1.0
 */
public enum Release {

	/** The owner held the lock, and it was deleted. */
	RELEASED,

	/**
	 * The lock was not there: it expired, the store lost it, or an earlier run of the same release
	 * deleted it. Only the caller can tell these apart, by its own estimate of the lease.
	 */
	GONE,

	/** Another owner holds the lock: it expired and was taken. It was left alone. */
	TAKEN

}
