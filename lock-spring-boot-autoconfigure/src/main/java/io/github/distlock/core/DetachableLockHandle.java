package io.github.distlock.core;

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

}
