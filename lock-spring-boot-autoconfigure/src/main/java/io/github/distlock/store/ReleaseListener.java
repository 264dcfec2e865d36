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

package io.github.distlock.store;

/**
 * Told by a {@link Locker} of releases that someone waited for, of the locks this process
 * subscribed to, so that waiters need not poll.
 *
 * @since 0.1.0
 * @see Locker#onRelease(ReleaseListener)
 */
@FunctionalInterface
public interface ReleaseListener {

	/**
	 * A lock was released while someone waited for it.
	 * @param key the released lock's key
	 */
	void released(String key);

	/**
	 * Notices of the lock reach this process again after a time in which they could not
	 * (its subscription was lost and is back): releases announced meanwhile were missed,
	 * so its waiter should ask the store again rather than sleep until the holder's lease
	 * runs out.
	 * @param key the lock whose notices resumed
	 */
	default void noticesResumed(String key) {
	}

}
