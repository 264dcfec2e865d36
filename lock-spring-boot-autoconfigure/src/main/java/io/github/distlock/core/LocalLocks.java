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

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import org.jspecify.annotations.Nullable;

import io.github.distlock.store.ReleaseListener;

/**
 * The {@link LocalLock}s of this process, one per key while any thread holds or waits for
 * it: each entry counts its users (threads waiting, holdings not yet released) and goes
 * when the count reaches zero, so the map does not grow with the number of keys ever
 * used. As the store's {@link ReleaseListener} it wakes the thread that waits at the
 * store for a released key.
 */
final class LocalLocks implements ReleaseListener {

	private final ConcurrentMap<String, Entry> locks = new ConcurrentHashMap<>();

	private final Timing timing;

	LocalLocks(Timing timing) {
		this.timing = timing;
	}

	/**
	 * Returns the key's local lock, counting the caller as a user until {@link #leave}.
	 */
	LocalLock enter(String key) {
		return this.locks.compute(key, (k, entry) -> (entry != null) ? entry.withUsers(entry.users + 1)
				: new Entry(new LocalLock(this.timing), 1)).lock;
	}

	/**
	 * Returns the key's local lock, which a caller that has entered and not left knows to
	 * exist.
	 */
	LocalLock existing(String key) {
		Entry entry = this.locks.get(key);
		if (entry == null) {
			throw new IllegalStateException("No local lock for '" + key + "'");
		}
		return entry.lock;
	}

	/** The key's claim held with the given owner token, or {@code null} when none is. */
	@Nullable Claim claimOf(String key, String owner) {
		Entry entry = this.locks.get(key);
		return (entry != null) ? entry.lock.claimOf(owner) : null;
	}

	void leave(String key) {
		this.locks.computeIfPresent(key, (k, entry) -> (entry.users == 1) ? null : entry.withUsers(entry.users - 1));
	}

	@Override
	public void released(String key) {
		Entry entry = this.locks.get(key);
		if (entry != null) {
			entry.lock.notices().noticed();
		}
	}

	/**
	 * Wakes the key's thread at the store, as the notice of its lock's release may have
	 * been missed.
	 */
	@Override
	public void noticesResumed(String key) {
		released(key);
	}

	/** What this process holds and waits for now, key by key. */
	LockActivity activity() {
		ActivityRecorder recorder = new ActivityRecorder(this.timing.nanoTime());
		this.locks.forEach((key, entry) -> entry.lock.describe(key, recorder));
		return recorder.activity();
	}

	/** Returns how many threads queue for the key's turn, for tests. */
	int queued(String key) {
		Entry entry = this.locks.get(key);
		return (entry != null) ? entry.lock.queueLength() : 0;
	}

	int size() {
		return this.locks.size();
	}

	private record Entry(LocalLock lock, int users) {

		Entry withUsers(int users) {
			return new Entry(this.lock, users);
		}

	}

}
