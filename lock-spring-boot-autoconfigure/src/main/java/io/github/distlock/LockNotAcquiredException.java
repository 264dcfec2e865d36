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

package io.github.distlock;

import java.time.Duration;

/**
 * Thrown when a lock was held by someone else for the whole wait.
 *
 * @since 0.1.0
 */
public class LockNotAcquiredException extends RuntimeException {

	private final String key;

	private final Duration waited;

	/**
	 * Creates an exception for a lock that stayed busy.
	 * @param key the lock's identity
	 * @param waited how long the caller waited
	 */
	public LockNotAcquiredException(String key, Duration waited) {
		super("Lock '" + key + "' was held by another holder for the whole wait of " + waited.toMillis() + " ms");
		this.key = key;
		this.waited = waited;
	}

	/**
	 * Returns the identity of the lock that was not acquired.
	 * @return the lock key
	 */
	public String getKey() {
		return this.key;
	}

	/**
	 * Returns how long the caller waited before giving up.
	 * @return the time waited
	 */
	public Duration getWaited() {
		return this.waited;
	}

}
