package io.github.distlock;

/**
 * A held distributed lock. Closing it releases the lock; closing it again is harmless.
 *
 * <p>A handle may be closed from any thread, so a lock taken on one thread can be released
 * on the thread that completes the work.
 *
 * @since 0.1.0
 */
public interface LockHandle extends AutoCloseable {

	/**
	 * Returns the lock's identity, as passed to {@link LockTemplate#tryAcquire}.
	 * @return the lock key
	 */
	String key();

	/**
	 * Returns the fencing token of this holding: greater than every token issued before for the
	 * same lock, so a store can reject writes from a holder whose lease has run out. Nested
	 * (reentrant) holdings share the outermost holding's token.
	 * <p>A lock handed over by another thread of this process may be held before Redis has
	 * confirmed the hand-off (the previous holder's lease covers it); the token then waits for that
	 * confirmation (Redis's answer to one request, so no longer than the command timeout).
	 * @return the fencing token
	 * @throws LockBackendException when Redis did not confirm the hand-off, so this holding has
	 * no token and {@link #isHeld()} is {@code false}
	 */
	long fencingToken();

	/**
	 * Returns whether the lock is still held: {@code false} once released, or once the lease is
	 * known to be lost (it ran out, a renewal found the lock gone, or Redis did not confirm the
	 * hand-off that gave it to this holder).
	 * @return whether the lock is held
	 */
	boolean isHeld();

	/**
	 * Releases the lock. A release that finds the lock expired or taken by another does not
	 * throw: it leaves the other holder's lock alone, logs a warning and makes
	 * {@link #isHeld()} return {@code false}.
	 */
	@Override
	void close();

}
