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
 * How a queued thread's wait for its turn ended, when it got the turn: the one outcome of
 * a {@link Waiter}.
 */
sealed interface Turn {

	/** The thread ahead passed the turn on: go to the store. */
	Turn TO_STORE = new ToStore();

	record ToStore() implements Turn {
	}

	/**
	 * A releasing holding handed the claim over: the lock is held already.
	 *
	 * @param holding the waiter's own holding
	 */
	record HandedOver(Holding holding) implements Turn {
	}

	/**
	 * The holding ahead is no longer held but was never released: its lease ran out, or
	 * it was found lost. The waiter took the turn from it and goes to the store.
	 *
	 * @param expired the holding taken over
	 */
	record TakenOver(Holding expired) implements Turn {
	}

	/**
	 * The thread ahead could not reach the store: fail at once rather than after another
	 * timeout.
	 *
	 * @param failure the store's failure
	 */
	record StoreDown(RuntimeException failure) implements Turn {
	}

}
