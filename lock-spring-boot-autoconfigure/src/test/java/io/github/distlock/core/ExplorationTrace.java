package io.github.distlock.core;

import java.util.ArrayDeque;
import java.util.Deque;

/** The last events of a run, each at its virtual time, printed when the run fails. */
final class ExplorationTrace {

	private static final int KEPT = 200;

	private final Simulation simulation;

	private final Deque<String> events = new ArrayDeque<>();

	ExplorationTrace(Simulation simulation) {
		this.simulation = simulation;
	}

	synchronized void log(String event) {
		if (this.events.size() == KEPT) {
			this.events.removeFirst();
		}
		this.events.addLast(ExplorationChecks.millis(this.simulation.nanoTime()) + " ms  " + event);
	}

	@Override
	public synchronized String toString() {
		return String.join("\n", this.events);
	}

}
