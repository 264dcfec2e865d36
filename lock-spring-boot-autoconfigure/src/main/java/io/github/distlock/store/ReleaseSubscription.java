package io.github.distlock.store;

/**
 * This process's subscription to the release notices of one lock, from
 * {@link Locker#subscribe(String, java.time.Duration)} until {@link #close()}. While it is open, the locker's
 * {@link ReleaseListener}s are told of the lock's releases that someone waited for.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface ReleaseSubscription extends AutoCloseable {

	/**
	 * Whether notices of the lock can reach this process now: the store confirmed the
	 * subscription and can deliver. While it cannot, waiters look again at short intervals.
	 * @return whether notices are being delivered
	 */
	boolean isActive();

	/** Ends the subscription; the lock's notices stop unless another subscription of it is open. */
	@Override
	default void close() {
	}

}
