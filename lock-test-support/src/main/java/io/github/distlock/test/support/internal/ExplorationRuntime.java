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

import java.util.Random;

/**
 * The time and the seeded randomness an exploration's workers run on: a simulation's
 * virtual time, on which one simulated thread runs at a time and a run is replayed
 * exactly from its seed, or real time ({@link RealTimeExploration}), whose threads the
 * machine interleaves.
 */
public interface ExplorationRuntime {

	/**
	 * The runtime's monotonic time; it never steps back.
	 * @return nanoseconds
	 */
	long nanoTime();

	/**
	 * Lets {@code nanos} pass for the calling thread, while others run: a network hop, a
	 * server's work, a holder's work. Returns early, with the thread's interrupt flag
	 * set, when the thread is interrupted meanwhile.
	 * @param nanos how long
	 */
	void pass(long nanos);

	/**
	 * The runtime's seeded random numbers: every random choice of a run comes from here.
	 * @return the random numbers
	 */
	Random random();

}
