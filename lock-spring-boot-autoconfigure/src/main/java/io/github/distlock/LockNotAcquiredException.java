package io.github.distlock;

import java.time.Duration;

/**
 * Thrown when a lock was held by someone else for the whole wait.
 *
 * @since 0.1.0
 */
public class LockNotAcquiredException extends RuntimeException {

	private final String key;

	private final Duration waited;

	/**
	 * Creates an exception for a lock that stayed busy.
	 * @param key the lock's identity
	 * @param waited how long the caller waited
	 */
	public LockNotAcquiredException(String key, Duration waited) {
		super("Lock '" + key + "' was held by another holder for the whole wait of " + waited.toMillis() + " ms");
		this.key = key;
		this.waited = waited;
	}

	/**
	 * Returns the identity of the lock that was not acquired.
	 * @return the lock key
	 */
	public String getKey() {
		return this.key;
	}

	/**
	 * Returns how long the caller waited before giving up.
	 * @return the time waited
	 */
	public Duration getWaited() {
		return this.waited;
	}

}
