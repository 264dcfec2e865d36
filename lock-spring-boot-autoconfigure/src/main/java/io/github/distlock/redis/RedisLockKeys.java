package io.github.distlock.redis;

import java.util.List;

/**
 * Where a lock lives in Redis. Every key begins with the prefix and is wrapped in one hash tag,
 * so all keys of a lock share a cluster slot: {@code {lock:goods:42}},
 * {@code {lock:goods:42}:fencing}, {@code {lock:goods:42}:waiters}, {@code {lock:goods:42}:giveway}.
 *
 * @param prefix first part of every key
 */
record RedisLockKeys(String prefix) {

	String lock(String key) {
		return "{" + this.prefix + ":" + key + "}";
	}

	/** The lock, its fencing counter, its waiters marker and its give-way. */
	List<String> all(String key) {
		String lock = lock(key);
		return List.of(lock, lock + ":fencing", lock + ":waiters", lock + ":giveway");
	}

	/** The lock, its waiters marker and its give-way. */
	List<String> forRelease(String key) {
		String lock = lock(key);
		return List.of(lock, lock + ":waiters", lock + ":giveway");
	}

	/** The pub/sub channel on which releases that someone waits for are announced. */
	String releaseChannel() {
		return this.prefix + ":released";
	}

}
