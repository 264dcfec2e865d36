package io.github.distlock.store;

/**
 * Told by a {@link Locker} of releases that someone waited for, of the locks this process
 * subscribed to, so that waiters need not poll.
 *
 * @since 0.1.0
 * @see Locker#onRelease(ReleaseListener)
 */
@FunctionalInterface
public interface ReleaseListener {

	/**
	 * A lock was released while someone waited for it.
	 * @param key the released lock's key
	 */
	void released(String key);

	/**
	 * Notices of the lock reach this process again after a time in which they could not (its
	 * subscription was lost and is back): releases announced meanwhile were missed, so its waiter
	 * should ask the store again rather than sleep until the holder's lease runs out.
	 * @param key the lock whose notices resumed
	 */
	default void noticesResumed(String key) {
	}

}
