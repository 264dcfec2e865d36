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

package io.github.distlock.test;

import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.github.distlock.core.LockListener;

/**
 * The locks the application took through its {@code LockTemplate},
 * {@code @DistributedLock} methods included, in the order they were taken, with the
 * thread that took each one. Inject it in a test:
 *
 * <pre class="code">
 * takenLocks.clear();
 * service.purchase(42);
 * assertThat(takenLocks.keys()).containsExactly("goods:42");
 * </pre>
 *
 * <p>
 * A lock is recorded each time it is taken, re-entry included, whatever the store: it is
 * a {@link LockListener} of the auto-configured lock template. Keys are lock identities:
 * {@code name:key} for {@code @DistributedLock} (one entry per key of a multi-lock), the
 * key passed to {@code LockTemplate.tryAcquire} otherwise. Spring caches test contexts,
 * so one {@code TakenLocks} may serve several test classes: {@link #clear()} it before
 * the call under test. Thread-safe.
 *
 * @since 0.1.0
 */
public final class TakenLocks implements LockListener {

	private final Queue<TakenLock> taken = new ConcurrentLinkedQueue<>();

	/**
	 * Returns the keys of the locks taken since the last {@link #clear()}, in the order
	 * taken.
	 * @return the lock keys
	 */
	public List<String> keys() {
		return this.taken.stream().map(TakenLock::key).toList();
	}

	/**
	 * Returns the keys of the locks that {@code thread} took since the last
	 * {@link #clear()}, in the order taken.
	 * @param thread the thread that took them
	 * @return the lock keys
	 */
	public List<String> keys(Thread thread) {
		return this.taken.stream().filter((lock) -> lock.thread() == thread).map(TakenLock::key).toList();
	}

	/** Forgets every lock recorded so far. */
	public void clear() {
		this.taken.clear();
	}

	/** Told by the lock template on the thread that took the lock. */
	@Override
	public void acquired(String key, long hold, Duration waited) {
		this.taken.add(new TakenLock(key, Thread.currentThread()));
	}

	private record TakenLock(String key, Thread thread) {
	}

}
