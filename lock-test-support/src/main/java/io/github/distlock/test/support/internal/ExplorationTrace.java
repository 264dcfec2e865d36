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

package io.github.distlock.test.support.internal;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The last events of a run, each at its time from the run's start, printed when the run
 * fails.
 */
public final class ExplorationTrace {

	private static final int KEPT = 200;

	private final ExplorationRuntime runtime;

	private final long start;

	private final Deque<String> events = new ArrayDeque<>();

	/**
	 * @param runtime whose time the events are counted in, from now
	 */
	public ExplorationTrace(ExplorationRuntime runtime) {
		this.runtime = runtime;
		this.start = runtime.nanoTime();
	}

	/**
	 * Keeps the event, at its time, among the last 200.
	 * @param event what happened
	 */
	public synchronized void log(String event) {
		if (this.events.size() == KEPT) {
			this.events.removeFirst();
		}
		this.events.addLast(millis(this.runtime.nanoTime() - this.start) + " ms  " + event);
	}

	/**
	 * Nanoseconds as milliseconds with three decimals, as the traces and failures show
	 * them.
	 * @param nanos a duration in nanoseconds
	 * @return its milliseconds
	 */
	public static String millis(long nanos) {
		return String.format("%.3f", nanos / 1e6);
	}

	@Override
	public synchronized String toString() {
		return String.join("\n", this.events);
	}

}
