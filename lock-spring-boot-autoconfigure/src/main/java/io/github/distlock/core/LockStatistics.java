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
	 * Returns how many holdings found their lock expired or taken by another before they
	 * released it (at renewal, hand-off or release).
	 * @return the number of lost leases
	 */
	public long leasesLost() {
		return this.leasesLost.sum();
	}

	/**
	 * Returns how many releases could not reach the store, leaving the lock to expire by
	 * its lease.
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
