package io.github.distlock.core;

/**
 * The answer of {@link Locker#renew} for one lock.
 *
 * @param renewed whether the owner still held the lock, so its lease was set
 * @param othersWaiting whether other processes wait for the lock, so it should soon go back to
 * the store for them to take
 * @since 0.1.0
 */
public record Renewal(boolean renewed, boolean othersWaiting) {

	/** Renewed, and no other process waits. */
	public static final Renewal RENEWED = new Renewal(true, false);

	/** Renewed, and another process waits. */
	public static final Renewal RENEWED_OTHERS_WAITING = new Renewal(true, true);

	/** The owner no longer held the lock. */
	public static final Renewal LOST = new Renewal(false, false);

	/**
	 * Returns the answer for a lock that was renewed.
	 * @param othersWaiting whether other processes wait for it
	 * @return the renewal
	 */
	public static Renewal renewed(boolean othersWaiting) {
		return othersWaiting ? RENEWED_OTHERS_WAITING : RENEWED;
	}

}
