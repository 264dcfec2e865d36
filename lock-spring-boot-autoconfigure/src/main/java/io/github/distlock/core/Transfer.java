package io.github.distlock.core;

/**
 * The answer of {@link Locker#transfer}: either the lock went to the next owner, with its fencing
 * token, or the current owner no longer held it.
 *
 * @param transferred whether the lock went to the next owner
 * @param fencingToken the next owner's fencing token when transferred, otherwise zero
 * @param othersWaiting whether other processes wait for the lock, so it should soon go back to the
 * store for them to take
 * @since 0.1.0
 */
public record Transfer(boolean transferred, long fencingToken, boolean othersWaiting) {

	/**
	 * Returns an answer for a lock that went to the next owner.
	 * @param fencingToken the next owner's fencing token
	 * @param othersWaiting whether other processes wait for the lock
	 * @return the transfer
	 */
	public static Transfer transferred(long fencingToken, boolean othersWaiting) {
		return new Transfer(true, fencingToken, othersWaiting);
	}

	/**
	 * Returns an answer for a lock that the current owner no longer held.
	 * @return the transfer
	 */
	public static Transfer refused() {
		return new Transfer(false, 0, false);
	}

}
