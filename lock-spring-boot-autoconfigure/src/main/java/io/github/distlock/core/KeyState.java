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
 * What this process knows about one lock (see PROTOCOL.md beside this class): free, one
 * thread at the store for it, held by one holding of the process's claim, or being given
 * back to the store.
 */
sealed interface KeyState {

	/** No thread of this process holds or wants the lock. */
	KeyState FREE = new Free();

	record Free() implements KeyState {
	}

	/**
	 * One thread has the turn and no claim: it is at the store, or waits between two
	 * attempts.
	 *
	 * @param thread the thread with the turn
	 * @param since when it asked for the lock, a {@link Timing#nanoTime()} value
	 */
	record Acquiring(Thread thread, long since) implements KeyState {
	}

	/**
	 * The process has the claim, and one holding holds it.
	 *
	 * @param claim the process's claim in the store
	 * @param holding the current holding
	 */
	record Held(Claim claim, Holding holding) implements KeyState {
	}

	/**
	 * The last holding is giving the claim back to the store; arrivals queue meanwhile.
	 *
	 * @param claim the claim being given back
	 */
	record Releasing(Claim claim) implements KeyState {
	}

}
