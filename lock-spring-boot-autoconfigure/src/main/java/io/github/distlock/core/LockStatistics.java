package io.github.distlock.core;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of the events that mean the data a lock protects may be unsafe, kept by every
 * {@link DefaultLockTemplate} (its first listener feeds them).
 *
 * @since 0.1.0
 */
public final class LockStatistics {

	private final LongAdder leasesLost = new LongAdder();

	private final LongAdder releasesFailed = new LongAdder();

	/**
	 * Returns how many holdings found their lock expired or taken by another before they released
	 * it (at renewal, hand-off or release).
	 * @return the number of lost leases
	 */
	public long leasesLost() {
		return this.leasesLost.sum();
	}

	/**
	 * Returns how many releases could not reach the store, leaving the lock to expire by its lease.
	 * @return the number of failed releases
	 */
	public long releasesFailed() {
		return this.releasesFailed.sum();
	}

	/** Returns the listener that counts into these statistics. */
	LockListener counter() {
		return new LockListener() {

			@Override
			public void leaseLost(String key) {
				LockStatistics.this.leasesLost.increment();
			}

			@Override
			public void releaseFailed(String key) {
				LockStatistics.this.releasesFailed.increment();
			}

		};
	}

}
