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
 * This process's subscription to the release notices of one lock, from
 * {@link Locker#subscribe(String, java.time.Duration)} until {@link #close()}. While it
 * is open, the locker's {@link ReleaseListener}s are told of the lock's releases that
 * someone waited for.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface ReleaseSubscription extends AutoCloseable {

	/**
	 * Whether notices of the lock can reach this process now: the store confirmed the
	 * subscription and can deliver. While it cannot, waiters look again at short
	 * intervals.
	 * @return whether notices are being delivered
	 */
	boolean isActive();

	/**
	 * Ends the subscription; the lock's notices stop unless another subscription of it is
	 * open.
	 */
	@Override
	default void close() {
	}

}
