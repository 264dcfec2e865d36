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

import org.jspecify.annotations.Nullable;

/**
 * What a caller asked for: a lock, and its lease.
 *
 * @param key the lock's identity
 * @param lease the lease to take the lock with: fixed, or renewed by the watchdog
 * @param watchdog whether the lease is renewed while the lock is held
 * @param maxHold with the watchdog, how long it renews at most, or {@code null} for no
 * cap
 * @param requestedAt when the caller asked, a {@link Timing#nanoTime()} value
 */
record LockRequest(String key, Duration lease, boolean watchdog, @Nullable Duration maxHold, long requestedAt) {

	/**
	 * The longest a holding of this request may hold the lock, or {@code null} for no
	 * limit.
	 */
	@Nullable Duration longestHold() {
		return this.watchdog ? this.maxHold : this.lease;
	}

}
