package io.github.distlock.core;

import java.util.ArrayDeque;
import java.util.Deque;

import io.github.distlock.core.simulation.SimulatedRuntime;

/** The last events of a run, each at its time from the run's start, printed when the run fails. */
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
