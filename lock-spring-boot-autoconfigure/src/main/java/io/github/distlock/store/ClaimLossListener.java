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
 * Told by a {@link Locker} that it ended a claim of this process on its own, or may have,
 * before the claim's lease ran out and without being asked: a ZooKeeper session that
 * ended takes its locks with it, and one disconnected for long may have.
 *
 * @since 0.1.0
 * @see Locker#onClaimLost(ClaimLossListener)
 */
@FunctionalInterface
public interface ClaimLossListener {

	/**
	 * The store no longer holds the lock for {@code owner}, or may not: it may give it to
	 * another process.
	 * @param key the lock's identity
	 * @param owner the owner token the lock was held with
	 */
	void claimLost(String key, String owner);

}
