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

package io.github.distlock.benchmarks;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Measures lock hand-off: the time from a holder starting its release to the next holder
 * entering, in microseconds, and how often the next holder was the releasing thread
 * itself. Only holders of one lock may use one timer, so at most one release is pending
 * at a time.
 */
final class HandoffTimer {

	private static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(2);

	private final AtomicLong releaseStartedAt = new AtomicLong();

	private final AtomicLong sameThread = new AtomicLong();

	private final Recorder recorder = new Recorder(HIGHEST_MICROS, 3);

	/**
	 * Written before {@link #releaseStartedAt}, read after it, so always seen with it.
	 */
	private long releasingThread;

	/** Called by the holder just before it releases. */
	void releasing() {
		this.releasingThread = Thread.currentThread().getId();
		this.releaseStartedAt.set(System.nanoTime());
	}

	/** Called by a holder just after its acquire returned. */
	void entered() {
		long now = System.nanoTime();
		long startedAt = this.releaseStartedAt.getAndSet(0);
		if (startedAt != 0) {
			this.recorder.recordValue(Math.min(HIGHEST_MICROS, Math.max(0, (now - startedAt) / 1_000)));
			if (this.releasingThread == Thread.currentThread().getId()) {
				this.sameThread.incrementAndGet();
			}
		}
	}

	/**
	 * Returns the hand-offs recorded since the previous call, and starts a new interval.
	 * @return the hand-offs
	 */
	Handoffs interval() {
		return new Handoffs(this.recorder.getIntervalHistogram(), this.sameThread.getAndSet(0));
	}

	/**
	 * Hand-offs of one interval.
	 *
	 * @param micros the hand-off times in microseconds
	 * @param sameThread how many of them went back to the thread that released
	 */
	record Handoffs(Histogram micros, long sameThread) {

		/**
		 * Returns the share of hand-offs in which the releasing thread took the lock
		 * again.
		 * @return the share, 0 to 1
		 */
		double sameThreadShare() {
			long all = this.micros.getTotalCount();
			return (all > 0) ? (double) this.sameThread / all : 0;
		}

	}

}
