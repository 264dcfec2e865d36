package io.github.distlock.core;

import java.time.Duration;

/**
 * What a caller asked for: a lock, and its lease.
 *
 * @param key the lock's identity
 * @param lease the lease to take the lock with
 * @param watchdog whether the lease is renewed while the lock is held
 */
record LockRequest(String key, Duration lease, boolean watchdog) {

}
