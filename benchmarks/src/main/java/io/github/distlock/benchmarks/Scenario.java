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

/**
 * One load pattern, run for every contender against the same Redis and printed as one
 * table.
 */
interface Scenario {

	/**
	 * Runs the scenario for each contender in the settings, in their run order, and
	 * prints its table.
	 * @param settings the harness settings, with the Redis address and the round set
	 * @param out where to print
	 * @return whether every run was clean, and the scenario's headline figures
	 */
	ScenarioOutcome run(HarnessSettings settings, PrintStream out);

	/**
	 * Returns the scenario of the given name.
	 * @param name {@code distinct}, {@code one-key}, {@code two-jvm}, {@code fairness} or
	 * {@code watchdog}
	 * @return the scenario
	 */
	static Scenario named(String name) {
		return switch (name) {
			case "distinct" -> new DistinctKeysScenario();
			case "one-key" -> new OneKeyScenario();
			case "two-jvm" -> new MultiJvmScenario();
			case "fairness" -> new FairnessScenario();
			case "watchdog" -> new WatchdogScenario();
			default -> throw new IllegalArgumentException("Unknown scenario '" + name + "'");
		};
	}

	/**
	 * Formats a run's fewest and most cycles per thread with their ratio,
	 * {@code 120 / 150 (0.80)}.
	 */
	static String fewestMost(long fewest, long most) {
		return ReportTable.count(fewest) + " / " + ReportTable.count(most) + " ("
				+ ReportTable.fraction((most > 0) ? (double) fewest / most : 0) + ")";
	}

	/** Formats the CPU a JVM used, {@code 1.62 cores}. */
	static String cores(double cores) {
		return ReportTable.fraction(cores) + " cores";
	}

	/** Formats timeouts and errors, {@code 0 / 0}. */
	static String timeoutsErrors(long timeouts, long errors) {
		return ReportTable.count(timeouts) + " / " + ReportTable.count(errors);
	}

}
