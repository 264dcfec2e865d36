package io.github.distlock.core;

/**
 * Told by a {@link Locker} that it ended a claim of this process on its own, before the claim's
 * lease ran out and without being asked: a ZooKeeper session that ended takes its locks with it.
 *
 * @since 0.1.0
 * @see Locker#onClaimLost(ClaimLossListener)
 */
@FunctionalInterface
public interface ClaimLossListener {

	/**
	 * The store no longer holds the lock for {@code owner}, and may give it to another process.
	 * @param key the lock's identity
	 * @param owner the owner token the lock was held with
	 */
	void claimLost(String key, String owner);

}
