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

import java.time.Duration;

/**
 * Told what a {@link DefaultLockTemplate} does, for metrics, tracing or logs of one's
 * own: every method has an empty default, so a listener implements only what it needs.
 * Keys are lock identities ({@code name:key} for {@code @DistributedLock}).
 *
 * <p>
 * Methods are called on the thread that did the work, often one that holds or waits for a
 * lock, so they must be quick and must not block; they must not take locks either. An
 * exception a listener throws (any but a {@link VirtualMachineError}) is logged and
 * otherwise ignored.
 *
 * @since 0.1.0
 */
public interface LockListener {

	/**
	 * A thread starts taking a lock: one of {@link #acquired}, {@link #busy} or
	 * {@link #failed} follows on the same thread.
	 * @param key the lock
	 */
	default void acquiring(String key) {
	}

	/**
	 * A thread took the lock (re-entry included).
	 * @param key the lock
	 * @param hold the number of this holding, unique in the template: {@link #released}
	 * is told the same one, so a listener pairs the two even when holdings of one lock
	 * overlap (a nested one, or a waiter taking over a holding whose lease ran out)
	 * @param waited how long it took
	 */
	default void acquired(String key, long hold, Duration waited) {
	}

	/**
	 * The lock stayed busy for the whole wait.
	 * @param key the lock
	 * @param waited how long the thread waited
	 */
	default void busy(String key, Duration waited) {
	}

	/**
	 * Taking the lock failed: the store could not be reached, or did not answer in time.
	 * @param key the lock
	 * @param waited how long the attempt took
	 * @param cause what went wrong
	 */
	default void failed(String key, Duration waited, RuntimeException cause) {
	}

	/**
	 * A holder let go of the lock (a nested holding included, and a minimum hold once it
	 * is over, or as the application stops), or its handle was dropped without being
	 * closed and collected.
	 * @param key the lock
	 * @param hold the number {@link #acquired} was told
	 * @param held how long it was held
	 */
	default void released(String key, long hold, Duration held) {
	}

	/**
	 * The lock went from one holder in this process to the next without a round trip.
	 * @param key the lock
	 */
	default void handedOver(String key) {
	}

	/**
	 * The watchdog renewed the lock's lease.
	 * @param key the lock
	 */
	default void renewed(String key) {
	}

	/**
	 * The lock's lease was found lost (expired or taken by another holder) while it was
	 * held.
	 * @param key the lock
	 */
	default void leaseLost(String key) {
	}

	/**
	 * A release could not reach the store; the lock expires by its lease.
	 * @param key the lock
	 */
	default void releaseFailed(String key) {
	}

}
