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

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

/**
 * The asking JVM of the fairness scenario: asks for the lock with a short wait; when it
 * gets it, increments the shared counter and gives it back at once; pauses; asks again.
 * Times the wait of every try that got the lock.
 */
final class Prober {

	private static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(2);

	private final LockSession session;

	private final SharedCounter counter;

	private final Duration wait;

	private final Duration pause;

	/**
	 * Prepares the prober.
	 * @param session the lock session
	 * @param counter the counter the lock protects
	 * @param wait how long each try waits for the lock
	 * @param pause how long to pause after a try before the next
	 */
	Prober(LockSession session, SharedCounter counter, Duration wait, Duration pause) {
		this.session = session;
		this.counter = counter;
		this.wait = wait;
		this.pause = pause;
	}

	/**
	 * Asks from the start time until the end of the measured window; the last try may end
	 * after it.
	 * @param startAtMillis wall-clock time at which the warm-up starts
	 * @param warmup how long to ask before counting
	 * @param window how long to count tries
	 * @return the tries started in the window and their waits
	 */
	ProbeResult run(long startAtMillis, Duration warmup, Duration window) {
		long windowStart = startAtMillis + warmup.toMillis();
		long windowEnd = windowStart + window.toMillis();
		Histogram waits = new Histogram(HIGHEST_MICROS, 3);
		long tries = 0;
		long totalSuccesses = 0;
		long errors = 0;
		Throwable firstError = null;
		LoadRun.sleepUntil(startAtMillis);
		for (long now = System.currentTimeMillis(); now < windowEnd; now = System.currentTimeMillis()) {
			boolean counted = now >= windowStart;
			tries += counted ? 1 : 0;
			try {
				long waitedNanos = tryOnce();
				if (waitedNanos >= 0) {
					totalSuccesses++;
					if (counted) {
						waits.recordValue(Math.min(HIGHEST_MICROS, waitedNanos / 1_000));
					}
				}
			}
			catch (RuntimeException ex) {
				errors++;
				firstError = (firstError != null) ? firstError : ex;
			}
			LoadRun.sleepUntil(System.currentTimeMillis() + this.pause.toMillis());
		}
		return new ProbeResult(tries, waits.getTotalCount(), waits.getValueAtPercentile(50),
				waits.getValueAtPercentile(90), waits.getMaxValue(), totalSuccesses, errors, firstError);
	}

	/** Returns how long the lock took to get, or -1 when the wait ran out. */
	private long tryOnce() {
		long began = System.nanoTime();
		if (!this.session.acquire(this.wait)) {
			return -1;
		}
		long waited = System.nanoTime() - began;
		try {
			this.counter.increment();
		}
		finally {
			this.session.release();
		}
		return waited;
	}

}
