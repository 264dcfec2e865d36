package io.github.distlock;

/**
 * Thrown when the lock store (Redis, the database or ZooKeeper) could not be reached or answered
 * with an error, so the lock could not be taken. The guarded work does not run.
 *
 * @since 0.1.0
 */
public class LockStoreException extends RuntimeException {

	/**
	 * Creates an exception with a message that names the lock and a cause.
	 * @param message what failed, naming the lock
	 * @param cause the store's error
	 */
	public LockStoreException(String message, Throwable cause) {
		super(message, cause);
	}

}
