package io.github.distlock.core.simulation;

import java.util.Random;

/**
 * The virtual time and the seeded randomness that a simulated store runs on. Only one simulated
 * thread runs at a time; the runtime chooses which, by its seed, and moves time forward only when
 * every simulated thread waits. So a run is replayed exactly from its seed.
 */
public interface SimulatedRuntime {

	/** The true virtual time, in nanoseconds; it never steps back. */
	long nanoTime();

	/**
	 * Lets {@code nanos} of virtual time pass for the calling simulated thread, while others run:
	 * a network hop, a server's work, a pause. Returns early, with the thread's interrupt flag
	 * set, when the thread is interrupted meanwhile.
	 */
	void pass(long nanos);

	/**
	 * Runs {@code action} on a simulated thread of {@code process} once {@code delayNanos} of
	 * virtual time have passed: a message arriving at a client (a release notice, a connection
	 * event). It runs no sooner than the process is resumed when the process is paused.
	 * @param process the process that receives it: the object that names it to the runtime (its
	 * locker), so that a paused process receives nothing until it resumes
	 */
	void at(long delayNanos, Object process, Runnable action);

	/** The runtime's seeded random numbers: every random choice of a simulated store comes from here. */
	Random random();

}
