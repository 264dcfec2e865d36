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

import java.util.List;

import io.github.distlock.test.support.internal.ExplorationPlan;

/**
 * What one exploration run found.
 *
 * @param seed the run's seed, which replays it
 * @param plan the run's shape, drawn from the seed
 * @param store the run's store, and its faults
 * @param steps how many steps the simulated threads took
 * @param failures the invariants broken (the first one stopped the run)
 * @param trace the run's last events
 */
record ExplorationOutcome(long seed, ExplorationPlan plan, ExploredStore store, long steps, List<Throwable> failures,
		String trace) {

	boolean failed() {
		return !this.failures.isEmpty();
	}

	private static String causeOf(Throwable failure) {
		java.io.StringWriter trace = new java.io.StringWriter();
		if (failure.getCause() != null) {
			failure.getCause().printStackTrace(new java.io.PrintWriter(trace));
		}
		return (failure.getCause() != null) ? "\nCaused by " + trace : "";
	}

	/**
	 * The failure report: what broke, the seed and how to replay it, and the last events.
	 */
	String report() {
		return "Exploration seed " + this.seed + " (" + this.plan + ", " + this.store + ") broke an invariant after "
				+ this.steps + " steps: " + this.failures.get(0).getMessage() + causeOf(this.failures.get(0))
				+ "\nReplay it with: ./mvnw -pl lock-spring-boot-autoconfigure"
				+ " -am verify -Dtest='ExplorationTests#noSeedBreaksAnInvariant' -Dsurefire.failIfNoSpecifiedTests=false -Dexploration.seed="
				+ this.seed + "\nLast events:\n" + this.trace;
	}

}
