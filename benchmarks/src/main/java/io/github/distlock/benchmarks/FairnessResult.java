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

/**
 * What one contender achieved in the fairness scenario.
 *
 * @param holders the figures of JVM A, whose threads hold the lock in turn
 * @param prober the figures of JVM B, which asks for it now and then
 * @param counter the shared counter's final value
 */
record FairnessResult(LoadResult holders, ProbeResult prober, long counter) {

	/**
	 * Returns sections whose counter update was lost: A's sections and B's successes,
	 * minus the counter.
	 * @return the lost updates
	 */
	long lostUpdates() {
		return this.holders.totalCycles() + this.prober.totalSuccesses() - this.counter;
	}

	/** Median wait of B's successful tries in milliseconds; NaN when none succeeded. */
	double proberMedianMillis() {
		return (this.prober.successes() > 0) ? this.prober.p50Micros() / 1e3 : Double.NaN;
	}

	/**
	 * 90th percentile wait of B's successful tries in milliseconds; NaN when none
	 * succeeded.
	 */
	double proberP90Millis() {
		return (this.prober.successes() > 0) ? this.prober.p90Micros() / 1e3 : Double.NaN;
	}

	/** Longest wait of B's successful tries in milliseconds; NaN when none succeeded. */
	double proberMaxMillis() {
		return (this.prober.successes() > 0) ? this.prober.maxMicros() / 1e3 : Double.NaN;
	}

	/**
	 * Returns whether A had timeouts, errors or hung threads, B had errors, or updates
	 * were lost. B's tries that ran out of wait are the figure measured, not a problem.
	 * @return whether something went wrong
	 */
	boolean troubled() {
		return this.holders.troubled() || this.prober.errors() > 0 || lostUpdates() != 0;
	}

}
