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

package io.github.distlock.redis;

import java.util.List;

/**
 * Where a lock lives in Redis. Every key of a lock begins with the prefix and is wrapped
 * in one hash tag, so all of them share a cluster slot: {@code {lock:goods:42}},
 * {@code {lock:goods:42}:waiters}, {@code {lock:goods:42}:giveway},
 * {@code {lock:goods:42}:fencing}, {@code {lock:goods:42}:released}; and so is its notice
 * channel, {@code {lock:goods:42}:notices}.
 *
 * <p>
 * A {@code '}'} inside the lock's name ends the tag early, for all of the lock's keys
 * alike, so they still share a slot. A prefix that starts with {@code '}'} would leave
 * the tag empty, and Redis would then hash each key whole; such a prefix is refused.
 *
 * @param prefix first part of every key
 */
record RedisLockKeys(String prefix) {

	RedisLockKeys {
		if (prefix.isBlank()) {
			throw new IllegalArgumentException("Lock key prefix must not be blank");
		}
		if (prefix.startsWith("}")) {
			throw new IllegalArgumentException("Lock key prefix '" + prefix + "' starts with '}', which leaves the "
					+ "cluster hash tag of every lock empty: a lock's keys would land on different slots and every "
					+ "lock script would fail with CROSSSLOT in Redis Cluster. Choose a prefix that does not start "
					+ "with '}'.");
		}
	}

	/** The lock itself, holding its owner's token. */
	String lock(String key) {
		return "{" + this.prefix + ":" + key + "}";
	}

	/** The marker left by the lock's waiters. */
	String waiters(String key) {
		return lock(key) + ":waiters";
	}

	/** The lock, its waiters marker and its give-way: the keys of acquire. */
	List<String> forAcquire(String key) {
		String lock = lock(key);
		return List.of(lock, lock + ":waiters", lock + ":giveway");
	}

	/**
	 * The keys of acquire, and the memory of the last release someone waited for: the
	 * keys of release.
	 */
	List<String> forRelease(String key) {
		String lock = lock(key);
		return List.of(lock, lock + ":waiters", lock + ":giveway", lock + ":released");
	}

	/** The lock and its fencing memory: the keys of fence. */
	List<String> forFence(String key) {
		String lock = lock(key);
		return List.of(lock, lock + ":fencing");
	}

	/**
	 * The lock's pub/sub channel, on which its releases that someone waited for are
	 * announced.
	 */
	String noticeChannel(String key) {
		return lock(key) + ":notices";
	}

	/** Every lock's channel, as an ACL channel pattern. */
	String noticeChannelPattern() {
		return "{" + this.prefix + ":*}:notices";
	}

}
