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
 * The answer of {@link Locker#release} and {@link Locker#giveWay}.
 *
 * @since 0.1.0
 */
public enum Release {

	/** The owner held the lock, and it was deleted. */
	RELEASED,

	/**
	 * The lock was not there: it expired, the store lost it, or an earlier run of the
	 * same release deleted it. Only the caller can tell these apart, by its own estimate
	 * of the lease.
	 */
	GONE,

	/** Another owner holds the lock: it expired and was taken. It was left alone. */
	TAKEN

}
