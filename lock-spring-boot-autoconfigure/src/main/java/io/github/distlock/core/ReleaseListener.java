package io.github.distlock.core;

/**
 * Told by a {@link Locker} of releases that someone waited for, so that waiters need not poll.
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
	 * Notices reach this process again after a time in which they could not (a subscription that
	 * was lost and is back): releases announced meanwhile were missed, so every waiter should ask
	 * the store again rather than sleep until its holder's lease runs out.
	 */
	default void noticesResumed() {
	}

}
