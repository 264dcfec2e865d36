package io.github.distlock.core;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * A lock store: the few atomic operations that distlock needs, each one round trip.
 *
 * <p>Owners are opaque tokens chosen by the caller; a store compares them, never interprets them.
 * Methods throw the store's own runtime exceptions when it cannot be reached.
 *
 * @since 0.1.0
 */
public interface Locker {

	/**
	 * Takes the lock if it is free, minting a fencing token.
	 * @param key the lock's identity
	 * @param owner the new owner's token
	 * @param lease how long the lock lives unless renewed or released
	 * @param willWait how long the caller will wait if the lock is busy (zero if it will not), so
	 * that the store publishes a release notice while it waits
	 * @return whether the lock was taken, with its fencing token or the holder's remaining lease
	 * (or, right after this process gave the lock way, the time left to the others)
	 */
	Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait);

	/**
	 * Deletes the lock if {@code owner} still holds it.
	 * @param key the lock's identity
	 * @param owner the owner's token
	 * @return {@code false} when the lock had expired or was held by another owner
	 */
	boolean release(String key, String owner);

	/**
	 * Deletes the lock if {@code owner} still holds it, to let waiters of other processes take it
	 * after this process handed it on locally for a while. A store that can should then leave it
	 * to them for a moment: not give it to this process's next attempt until one of them has
	 * taken it. This one simply releases it.
	 * @param key the lock's identity
	 * @param owner the owner's token
	 * @return {@code false} when the lock had expired or was held by another owner
	 */
	default boolean giveWay(String key, String owner) {
		return release(key, owner);
	}

	/**
	 * Extends the lock's lease if {@code owner} still holds it.
	 * @param key the lock's identity
	 * @param owner the owner's token
	 * @param lease the new lease, counted from now
	 * @return {@code false} when the lock had expired or was held by another owner
	 */
	boolean renew(String key, String owner, Duration lease);

	/**
	 * Hands the lock from {@code owner} to {@code nextOwner} with a new lease and a new fencing
	 * token, if {@code owner} still holds it.
	 * @param key the lock's identity
	 * @param owner the current owner's token
	 * @param nextOwner the next owner's token
	 * @param lease the next owner's lease
	 * @return the next owner's fencing token and whether other processes wait for the lock, or
	 * refused when {@code owner} no longer held the lock
	 */
	Transfer transfer(String key, String owner, String nextOwner, Duration lease);

	/**
	 * Registers a listener told the key of every lock released while someone waited for it.
	 * Notices may be lost (while the store is unreachable), so waiters also retry when the
	 * holder's lease runs out.
	 * @param listener called with the released lock's key
	 */
	void onRelease(Consumer<String> listener);

}
