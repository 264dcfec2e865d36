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
	 * <p>The token is minted in Redis the first time it is asked for (one round trip), and only
	 * while the lock is held: ask for it inside the critical section, before the writes it fences.
	 * @return the fencing token
	 * @throws IllegalStateException when the lock is no longer held (released, or its lease lost)
	 * @throws LockBackendException when Redis could not be reached in time
	 */
	long fencingToken();

	/**
	 * Returns whether the lock is still held: {@code false} once released, or once the lease is
	 * known to be lost or may have run out (its own lease ran out, Redis may have let it expire
	 * because a renewal got no answer in time, or a renewal found the lock gone).
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
