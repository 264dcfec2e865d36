package io.github.distlock.core;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;

/**
 * A lock handle whose holding can stop being re-entrant for the thread that took it, for work
 * that goes on and completes on other threads (a returned {@code CompletionStage}).
 *
 * @since 0.1.0
 */
public interface DetachableLockHandle extends LockHandle {

	/**
	 * Makes the holding no longer re-enterable by the thread that took it: that thread, calling
	 * again, waits like any other holder.
	 */
	void detachFromThread();

	/**
	 * Closes the handle once {@code delay} has passed rather than now, for a minimum hold; until
	 * then the lock stays held but no longer belongs to the thread that took it. distlock's own
	 * handles are released by their lock template, which, when it is closed first (the application
	 * stops), leaves the lock in the store to expire when the delay ends; this default closes the
	 * handle later on a JDK timer.
	 * @param delay how long the lock stays held from now
	 */
	default void closeAfter(Duration delay) {
		detachFromThread();
		CompletableFuture.delayedExecutor(delay.toNanos(), TimeUnit.NANOSECONDS).execute(this::close);
	}

}
