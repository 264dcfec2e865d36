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

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Asserts that code runs under a distributed lock, as ShedLock's {@code LockAssert} does.
 * A method that must never run unguarded says so where it starts, and fails loudly when a
 * refactoring (a call that no longer passes through the Spring proxy, a removed
 * annotation) took its lock away:
 *
 * <pre class="code">
 * &#64;DistributedLock(name = "goods", key = "#goodsId")
 * public Order purchase(long goodsId) {
 *     LockAssert.assertLocked("goods:" + goodsId);
 *     ...
 * }
 * </pre>
 *
 * <p>
 * A lock counts when it is bound to the current thread in {@link LockContext} (as
 * {@code @DistributedLock} does, and as code using {@link LockTemplate} may do) and still
 * held ({@link LockHandle#isHeld()}). A multi-lock counts as holding each of its keys.
 *
 * @since 0.1.0
 */
public final class LockAssert {

	private static final String ADVICE = "Call this code from a @DistributedLock method through its Spring proxy, or "
			+ "bind a lock taken with LockTemplate by LockContext.bind(handle).";

	private LockAssert() {
	}

	/**
	 * Asserts that the current thread holds a distributed lock.
	 * @throws IllegalStateException if it holds none
	 */
	public static void assertLocked() {
		List<LockHandle> bound = LockContext.held();
		if (bound.stream().noneMatch(LockHandle::isHeld)) {
			throw new IllegalStateException("Expected thread '" + Thread.currentThread().getName()
					+ "' to hold a distributed lock, but it " + describe(bound) + ". " + ADVICE);
		}
	}

	/**
	 * Asserts that the current thread holds the lock {@code lockKey}.
	 * @param lockKey the lock's identity: {@code name:key} for {@code @DistributedLock},
	 * the key passed to {@link LockTemplate#tryAcquire} otherwise
	 * @throws IllegalStateException if it does not hold that lock
	 */
	public static void assertLocked(String lockKey) {
		List<LockHandle> bound = LockContext.held();
		if (bound.stream().noneMatch((handle) -> handle.isHeld() && keys(handle).contains(lockKey))) {
			throw new IllegalStateException("Expected thread '" + Thread.currentThread().getName() + "' to hold lock '"
					+ lockKey + "', but it " + describe(bound) + ". " + ADVICE);
		}
	}

	/** The keys a handle holds: a multi-lock's handle names its keys joined by commas. */
	private static List<String> keys(LockHandle handle) {
		return Arrays.asList(handle.key().split(","));
	}

	private static String describe(List<LockHandle> bound) {
		if (bound.isEmpty()) {
			return "holds none";
		}
		return "has only " + bound.stream()
			.map((handle) -> "'" + handle.key() + "'"
					+ (handle.isHeld() ? "" : " (no longer held: released or its lease lost)"))
			.collect(Collectors.joining(", "));
	}

}
