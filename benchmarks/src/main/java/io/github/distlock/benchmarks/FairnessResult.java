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
	 * Returns sections whose counter update was lost: A's sections and B's successes, minus the counter.
	 * @return the lost updates
	 */
	long lostUpdates() {
		return this.holders.totalCycles() + this.prober.totalSuccesses() - this.counter;
	}

	/** Median wait of B's successful tries in milliseconds; NaN when none succeeded. */
	double proberMedianMillis() {
		return (this.prober.successes() > 0) ? this.prober.p50Micros() / 1e3 : Double.NaN;
	}

	/** 90th percentile wait of B's successful tries in milliseconds; NaN when none succeeded. */
	double proberP90Millis() {
		return (this.prober.successes() > 0) ? this.prober.p90Micros() / 1e3 : Double.NaN;
	}

	/** Longest wait of B's successful tries in milliseconds; NaN when none succeeded. */
	double proberMaxMillis() {
		return (this.prober.successes() > 0) ? this.prober.maxMicros() / 1e3 : Double.NaN;
	}

	/**
	 * Returns whether A had timeouts, errors or hung threads, B had errors, or updates were lost.
	 * B's tries that ran out of wait are the figure measured, not a problem.
	 * @return whether something went wrong
	 */
	boolean troubled() {
		return this.holders.troubled() || this.prober.errors() > 0 || lostUpdates() != 0;
	}

}
