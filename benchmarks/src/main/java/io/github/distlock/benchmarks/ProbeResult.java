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
 * What the asking JVM of the fairness scenario saw: its tries in the measured window, and
 * how long the successful ones waited.
 *
 * @param tries tries started in the measured window
 * @param successes those of them that got the lock within the wait
 * @param p50Micros median wait of the successful tries, in microseconds
 * @param p90Micros 90th percentile wait of the successful tries, in microseconds
 * @param maxMicros longest wait of a successful try, in microseconds
 * @param totalSuccesses tries that got the lock over the whole run, warm-up included
 * @param errors tries that threw, whole run
 * @param firstError the first exception thrown, or {@code null} (always in the parent
 * JVM)
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
