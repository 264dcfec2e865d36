package io.github.distlock.core;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The {@link LocalLock}s of this process, one per key while any thread holds or waits for it.
 */
final class LocalLocks {

	private final ConcurrentMap<String, LocalLock> locks = new ConcurrentHashMap<>();

	/** Returns the key's local lock, counting the caller as a user until {@link #leave}. */
	LocalLock enter(String key) {
		return this.locks.compute(key, (k, lock) -> {
			LocalLock entered = (lock != null) ? lock : new LocalLock();
			entered.users++;
			return entered;
		});
	}

	/** Returns the key's local lock, which a caller that has entered and not left knows to exist. */
	LocalLock existing(String key) {
		LocalLock lock = this.locks.get(key);
		if (lock == null) {
			throw new IllegalStateException("No local lock for '" + key + "'");
		}
		return lock;
	}

	void leave(String key) {
		this.locks.computeIfPresent(key, (k, lock) -> (--lock.users == 0) ? null : lock);
	}

	void releaseNoticed(String key) {
		LocalLock lock = this.locks.get(key);
		if (lock != null) {
			lock.releaseNoticed();
		}
	}

	int size() {
		return this.locks.size();
	}

}
