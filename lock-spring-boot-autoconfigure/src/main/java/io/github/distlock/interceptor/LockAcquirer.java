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

package io.github.distlock.interceptor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import io.github.distlock.LockHandle;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.LockStoreException;
import io.github.distlock.LockTemplate;

/**
 * Takes the locks of one call: one key, or every key of a multi-lock in sorted order
 * within one shared wait, all or nothing.
 */
final class LockAcquirer {

	private final Supplier<LockTemplate> lockTemplate;

	private final Duration defaultWait;

	LockAcquirer(Supplier<LockTemplate> lockTemplate, Duration defaultWait) {
		this.lockTemplate = lockTemplate;
		this.defaultWait = defaultWait;
	}

	/**
	 * Takes every key's lock, held at least the operation's minimum hold from when the
	 * first was taken (so the hold ends before the lease of every key, and a slow first
	 * connection does not eat into it).
	 * @throws LockNotAcquiredException if one stayed busy for the whole wait; none is
	 * held then
	 * @throws LockStoreException if Redis failed, naming the method and key expression
	 */
	LockHandle acquire(LockOperation operation, List<String> keys) {
		Duration wait = (operation.maxWait() != null) ? operation.maxWait() : this.defaultWait;
		long start = System.nanoTime();
		long firstAcquiredAt = 0;
		List<LockHandle> held = new ArrayList<>(keys.size());
		try {
			for (String key : keys) {
				held.add(acquireOne(operation, operation.lockKey(key), wait, start));
				if (held.size() == 1) {
					firstAcquiredAt = System.nanoTime();
				}
			}
		}
		catch (RuntimeException ex) {
			MultiLockHandle.closeAll(held);
			throw ex;
		}
		LockHandle handle = (held.size() == 1) ? held.get(0) : new MultiLockHandle(held);
		return MinimumHoldHandle.holdAtLeast(handle, operation.holdAtLeast(), firstAcquiredAt);
	}

	private LockHandle acquireOne(LockOperation operation, String lockKey, Duration wait, long start) {
		Duration remaining = wait.minusNanos(System.nanoTime() - start);
		Optional<LockHandle> handle;
		try {
			handle = this.lockTemplate.get()
				.tryAcquire(lockKey, operation.lease(), remaining.isNegative() ? Duration.ZERO : remaining);
		}
		catch (LockStoreException ex) {
			throw new LockStoreException("Could not lock " + operation.methodName() + " with key expression '"
					+ operation.key().source() + "' (lock '" + lockKey + "'): " + ex.getMessage(), ex);
		}
		return handle
			.orElseThrow(() -> new LockNotAcquiredException(lockKey, Duration.ofNanos(System.nanoTime() - start)));
	}

}
