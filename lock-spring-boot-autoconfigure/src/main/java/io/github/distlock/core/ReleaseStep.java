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

/**
 * What a releasing holding does once {@link LocalLock#release} has decided.
 */
sealed interface ReleaseStep {

	/** The holding was taken over before it was released: nothing is left to do. */
	ReleaseStep NOTHING = new Nothing();

	record Nothing() implements ReleaseStep {
	}

	/**
	 * The claim went to the head waiter, with no round trip.
	 *
	 * @param next the waiter's new holding
	 */
	record HandedOff(Holding next) implements ReleaseStep {
	}

	/**
	 * The claim goes back to the store.
	 *
	 * @param claim the claim
	 * @param giveWay whether to give way to other processes' waiters, local waiters
	 * remaining
	 */
	record GiveBack(Claim claim, boolean giveWay) implements ReleaseStep {
	}

}
