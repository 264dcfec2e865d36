package io.github.distlock.benchmarks;

/**
 * What the asking JVM of the fairness scenario saw: its tries in the measured window, and how
 * long the successful ones waited.
 *
 * @param tries tries started in the measured window
 * @param successes those of them that got the lock within the wait
 * @param p50Micros median wait of the successful tries, in microseconds
 * @param p90Micros 90th percentile wait of the successful tries, in microseconds
 * @param maxMicros longest wait of a successful try, in microseconds
 * @param totalSuccesses tries that got the lock over the whole run, warm-up included
 * @param errors tries that threw, whole run
 * @param firstError the first exception thrown, or {@code null} (always in the parent JVM)
 */
record ProbeResult(long tries, long successes, long p50Micros, long p90Micros, long maxMicros, long totalSuccesses,
		long errors, Throwable firstError) {

	/**
	 * Returns the share of tries that got the lock.
	 * @return the share, 0 to 1
	 */
	double successShare() {
		return (this.tries > 0) ? (double) this.successes / this.tries : 0;
	}

}
