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

import java.util.ArrayDeque;
import java.util.Deque;

import io.github.distlock.core.simulation.SimulatedRuntime;

/**
 * The last events of a run, each at its time from the run's start, printed when the run
 * fails.
 */
final class ExplorationTrace {

	private static final int KEPT = 200;

	private final SimulatedRuntime runtime;

	private final long start;

	private final Deque<String> events = new ArrayDeque<>();

	ExplorationTrace(SimulatedRuntime runtime) {
		this.runtime = runtime;
		this.start = runtime.nanoTime();
	}

	synchronized void log(String event) {
		if (this.events.size() == KEPT) {
			this.events.removeFirst();
		}
		this.events.addLast(ExplorationChecks.millis(this.runtime.nanoTime() - this.start) + " ms  " + event);
	}

	@Override
	public synchronized String toString() {
		return String.join("\n", this.events);
	}

}
