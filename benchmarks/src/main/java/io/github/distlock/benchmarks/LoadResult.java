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

import java.io.PrintStream;

import io.github.distlock.benchmarks.HandoffTimer.Handoffs;

/**
 * What one contender achieved in one load run.
 *
 * @param windowCycles cycles completed in the measured window, all threads together
 * @param windowNanos length of the measured window
 * @param cpuNanos CPU time the whole JVM used in the measured window
 * @param fewestPerThread fewest cycles any one thread completed in the window
 * @param mostPerThread most cycles any one thread completed in the window
 * @param totalCycles cycles completed over the whole run, warm-up and wind-down included
 * @param timeouts acquires that gave up after the contender's wait, whole run
 * @param errors cycles that threw, whole run
 * @param firstError the first exception thrown, or {@code null}
 * @param handoff hand-offs in the window, or {@code null} when not measured
 * @param hang a thread dump when worker threads did not stop, or {@code null}
 */
record LoadResult(long windowCycles, long windowNanos, long cpuNanos, long fewestPerThread, long mostPerThread,
		long totalCycles, long timeouts, long errors, Throwable firstError, Handoffs handoff, String hang) {

	/**
	 * Returns the throughput in the measured window.
	 * @return cycles per second
	 */
	double perSecond() {
		return this.windowCycles * 1e9 / this.windowNanos;
	}

	/**
	 * Returns the client's CPU time per cycle in the measured window: this JVM's, all
	 * threads.
	 * @return microseconds per cycle
	 */
	double cpuMicrosPerCycle() {
		return (this.windowCycles > 0) ? this.cpuNanos / 1e3 / this.windowCycles : Double.NaN;
	}

	/**
	 * Returns how many cores' worth of CPU this JVM used in the measured window.
	 * @return cores, for example {@code 1.62}
	 */
	double coresUsed() {
		return (double) this.cpuNanos / this.windowNanos;
	}

	/**
	 * Returns the fewest cycles of a thread divided by the most: 1 is perfectly even, 0
	 * means a thread starved.
	 * @return the fairness ratio
	 */
	double fairness() {
		return (this.mostPerThread > 0) ? (double) this.fewestPerThread / this.mostPerThread : 0;
	}

	/**
	 * Returns whether the run had timeouts, errors or hung threads.
	 * @return whether something went wrong
	 */
	boolean troubled() {
		return this.timeouts > 0 || this.errors > 0 || this.hang != null;
	}

	/**
	 * Prints the first error and the thread dump of a hang, if any.
	 * @param who the contender and scenario
	 * @param out where to print
	 */
	void printProblems(String who, PrintStream out) {
		if (this.firstError != null) {
			out.println(who + ": " + this.errors + " cycle(s) threw; the first:");
			this.firstError.printStackTrace(out);
		}
		if (this.hang != null) {
			out.println(who + ": worker threads did not stop; thread dump:");
			out.println(this.hang);
		}
	}

}
