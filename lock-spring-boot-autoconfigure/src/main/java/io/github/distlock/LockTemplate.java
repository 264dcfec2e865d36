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
import java.util.Optional;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * Takes distributed locks from code that does not use {@code @DistributedLock}.
 *
 * <pre class="code">
 * try (LockHandle lock = lockTemplate.tryAcquire("goods:42", Duration.ofSeconds(5), Duration.ofSeconds(1))
 *         .orElseThrow()) {
 *     // one holder across all JVMs while the lease is valid
 * }
 * </pre>
 *
 * <p>
 * A lease that is {@code null} or zero means watchdog mode: the lock is renewed while it
 * is held. A wait that is {@code null} or zero means try once. The thread that holds a
 * lock may take it again; it is freed when the outermost holding is closed.
 *
 * @since 0.1.0
 */
public interface LockTemplate {

	/**
	 * Tries to take a lock, waiting up to {@code wait} while another holder has it.
	 * @param key the lock's identity, for example {@code goods:42}
	 * @param lease how long the lock lives unless released; {@code null} or zero for
	 * watchdog mode
	 * @param wait how long to wait for a held lock; {@code null} or zero to try once
	 * @return the held lock, or empty when another holder kept it for the whole wait (or
	 * the waiting thread was interrupted, whose flag stays set)
	 * @throws IllegalArgumentException if the key is blank or a duration is negative
	 * @throws LockStoreException if the lock store could not be reached in time
	 */
	Optional<LockHandle> tryAcquire(String key, @Nullable Duration lease, @Nullable Duration wait);

	/**
	 * Runs {@code action} while holding a lock, and releases the lock when it returns or
	 * throws.
	 * @param key the lock's identity
	 * @param lease how long the lock lives unless released; {@code null} or zero for
	 * watchdog mode
	 * @param wait how long to wait for a held lock; {@code null} or zero to try once
	 * @param action the work to do under the lock
	 * @param <T> the action's result type
	 * @return what the action returned
	 * @throws LockNotAcquiredException if another holder kept the lock for the whole wait
	 * @throws LockStoreException if the lock store could not be reached in time
	 */
	default <T> T execute(String key, @Nullable Duration lease, @Nullable Duration wait, Supplier<T> action) {
		long start = System.nanoTime();
		LockHandle handle = tryAcquire(key, lease, wait)
			.orElseThrow(() -> new LockNotAcquiredException(key, Duration.ofNanos(System.nanoTime() - start)));
		try (handle) {
			return action.get();
		}
	}

}
