package io.github.distlock.redis;

import java.util.List;

/**
 * Where a lock lives in Redis. Every key begins with the prefix and is wrapped in one hash tag,
 * so all keys of a lock share a cluster slot: {@code {lock:goods:42}},
 * {@code {lock:goods:42}:waiters}, {@code {lock:goods:42}:giveway}, {@code {lock:goods:42}:fencing}.
 *
 * @param prefix first part of every key
 */
record RedisLockKeys(String prefix) {

	RedisLockKeys {
		if (prefix.isBlank()) {
			throw new IllegalArgumentException("Lock key prefix must not be blank");
		}
		if (prefix.startsWith("}")) {
			// "{}..." is an empty hash tag: the keys of one lock would land in different cluster slots.
			throw new IllegalArgumentException("Lock key prefix must not start with '}', was '" + prefix + "'");
		}
	}

	String lock(String key) {
		return "{" + this.prefix + ":" + key + "}";
	}

	/** The lock, its waiters marker and its give-way. */
	List<String> forAcquireAndRelease(String key) {
		String lock = lock(key);
		return List.of(lock, lock + ":waiters", lock + ":giveway");
	}

	/** The lock and its waiters marker, for a renewal. */
	String waiters(String lock) {
		return lock + ":waiters";
	}

	/** The lock and its last fencing token. */
	List<String> forFence(String key) {
		String lock = lock(key);
		return List.of(lock, lock + ":fencing");
	}

	/** The pub/sub channel on which releases that someone waits for are announced. */
	String releaseChannel() {
		return this.prefix + ":released";
	}

}
