package io.github.distlock.store;

/**
 * Told by a {@link Locker} that it ended a claim of this process on its own, or may have, before
 * the claim's lease ran out and without being asked: a ZooKeeper session that ended takes its
 * locks with it, and one disconnected for long may have.
 *
 * @since 0.1.0
 * @see Locker#onClaimLost(ClaimLossListener)
 */
@FunctionalInterface
public interface ClaimLossListener {

	/**
	 * The store no longer holds the lock for {@code owner}, or may not: it may give it to another
	 * process.
	 * @param key the lock's identity
	 * @param owner the owner token the lock was held with
	 */
	void claimLost(String key, String owner);

}
