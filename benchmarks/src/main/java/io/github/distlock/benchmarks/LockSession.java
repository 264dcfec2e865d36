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

package io.github.distlock.benchmarks;

import java.time.Duration;

/**
 * One thread's use of one lock key with one contender: take the lock, then give it back.
 * A session is used by a single thread only, so it may keep the current holding in a
 * field.
 */
interface LockSession {

	/**
	 * Takes the lock, waiting up to the contender's wait time.
	 * @return {@code true} when the lock is held, {@code false} when the wait ran out
	 */
	default boolean acquire() {
		return acquire(Contender.WAIT);
	}

	/**
	 * Takes the lock, waiting up to the given time.
	 * @param wait how long to wait while another holder has the lock
	 * @return {@code true} when the lock is held, {@code false} when the wait ran out
	 */
	boolean acquire(Duration wait);

	/** Releases the lock taken by the last successful {@link #acquire()}. */
	void release();

}
