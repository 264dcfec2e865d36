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

package io.github.distlock.test.support.exploration;

import java.util.Random;

/**
 * The virtual time and the seeded randomness that a simulated store runs on. Only one
 * simulated thread runs at a time; the runtime chooses which, by its seed, and moves time
 * forward only when every simulated thread waits. So a run is replayed exactly from its
 * seed.
 */
public interface SimulatedRuntime {

	/**
	 * The true virtual time; it never steps back.
	 * @return nanoseconds
	 */
	long nanoTime();

	/**
	 * Lets {@code nanos} of virtual time pass for the calling simulated thread, while
	 * others run: a network hop, a server's work, a pause. Returns early, with the
	 * thread's interrupt flag set, when the thread is interrupted meanwhile.
	 * @param nanos how long
	 */
	void pass(long nanos);

	/**
	 * Runs {@code action} on a simulated thread of {@code process} once
	 * {@code delayNanos} of virtual time have passed: a message arriving at a client (a
	 * release notice, a connection event). It runs no sooner than the process is resumed
	 * when the process is paused.
	 * @param delayNanos how long from now
	 * @param process the process that receives it: the object that names it to the
	 * runtime (its locker), so that a paused process receives nothing until it resumes
	 * @param action what it receives
	 */
	void at(long delayNanos, Object process, Runnable action);

	/**
	 * The runtime's seeded random numbers: every random choice of a simulated store comes
	 * from here.
	 * @return the random numbers
	 */
	Random random();

}
