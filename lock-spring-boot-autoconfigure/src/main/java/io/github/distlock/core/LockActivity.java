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
import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The locks this instance holds and waits for at one moment, for operators
 * ({@link DefaultLockTemplate#activity()}), ordered by key and then by time.
 *
 * @param held the holdings not yet released, one per lock
 * @param waiting the callers waiting for a lock
 * @since 0.1.0
 */
public record LockActivity(List<Held> held, List<Waiting> waiting) {

	/**
	 * A lock this instance holds.
	 *
	 * @param key the lock's identity
	 * @param since when the current holding began: the store acquisition, or the hand-off
	 * from the thread before
	 * @param leaseLeft how long it stays held unless renewed; zero once its lease ran out
	 * or it was found lost, while its caller has not let go of it
	 * @param watchdog whether the watchdog renews its lease
	 * @param fencingToken the fencing token minted for it, or {@code null} when none was
	 * asked for
	 * @param thread the thread that may re-enter it, or {@code null} once it is no longer
	 * bound to a thread (an asynchronous method's lock, or one in a minimum hold)
	 */
	public record Held(String key, Instant since, Duration leaseLeft, boolean watchdog, @Nullable Long fencingToken,
			@Nullable String thread) {
	}

	/**
	 * A caller of this instance waiting for a lock.
	 *
	 * @param key the lock's identity
	 * @param since when it asked for the lock
	 * @param thread the waiting thread
	 * @param atStore whether it is the one thread of this instance that asks the store
	 * for the lock; the others queue behind it, or behind the holder
	 */
	public record Waiting(String key, Instant since, String thread, boolean atStore) {
	}

}
