/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.

 */

package io.github.distlock;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.LogFactory;

/**
 * A held distributed lock. Closing it releases the lock; closing it again is harmless.
 *
 * <p>
 * A handle may be closed from any thread, so a lock taken on one thread can be released
 * on the thread that completes the work.
 *
 * @since 0.1.0
 */
public interface LockHandle extends AutoCloseable {

	/**
	 * Returns the lock's identity, as passed to {@link LockTemplate#tryAcquire}.
	 * @return the lock key
	 */
	String key();

	/**
	 * Returns the fencing token of this holding: greater than every token issued before
	 * for the same lock, so a store can reject writes from a holder whose lease has run
	 * out. Nested (reentrant) holdings share the outermost holding's token.
	 * <p>
	 * The token is minted by the lock store the first time it is asked for (one round
	 * trip), and only while the lock is held: ask for it inside the critical section,
	 * before the writes it fences.
	 * @return the fencing token
	 * @throws IllegalStateException when the lock is no longer held (released, or its
	 * lease lost)
	 * @throws LockStoreException when the store could not be reached in time
	 */
	long fencingToken();

	/**
	 * Returns whether the lock is still held: {@code false} once released, or once the
	 * lease is known to be lost or may have run out (its own lease ran out, the store may
	 * have let it expire because a renewal got no answer in time, or a renewal found the
	 * lock gone).
	 * @return whether the lock is held
	 */
	boolean isHeld();

	/**
	 * Releases the lock. A release that finds the lock expired or taken by another does
	 * not throw: it leaves the other holder's lock alone, logs a warning and makes
	 * {@link #isHeld()} return {@code false}.
	 */
	@Override
	void close();

	/**
	 * Lets the holding go on without the thread that took it: from now on that thread,
	 * taking the lock again, waits like any other holder rather than re-entering it. For
	 * work that goes on and completes on other threads (a returned
	 * {@code CompletionStage}, a task handed to a pool), so that the next task of the
	 * thread that took the lock does not re-enter a lock it does not work under. This
	 * default does nothing, which suits a handle whose holdings are not re-entrant by
	 * thread.
	 */
	default void detachFromThread() {
	}

	/**
	 * Releases the lock once {@code delay} has passed rather than now, for a minimum hold
	 * ({@code holdAtLeastMs}); until then the lock stays held, detached from the thread
	 * that took it ({@link #detachFromThread()}). This default detaches the handle and
	 * closes it later on a JDK timer, logging a release that fails; a handle of a
	 * template that lets a thread re-enter its locks should override
	 * {@link #detachFromThread()}, or that thread may re-enter during the delay.
	 * distlock's own handles are released by their lock template, which, when it is
	 * closed first (the application stops), leaves the lock in the store to expire when
	 * the delay ends.
	 * @param delay how long the lock stays held from now; zero or negative to release now
	 */
	default void closeAfter(Duration delay) {
		if (delay.isNegative() || delay.isZero()) {
			close();
			return;
		}
		detachFromThread();
		CompletableFuture.delayedExecutor(TimeUnit.NANOSECONDS.convert(delay), TimeUnit.NANOSECONDS).execute(() -> {
			try {
				close();
			}
			catch (RuntimeException ex) {
				LogFactory.getLog(LockHandle.class)
					.warn("Lock '" + key() + "' could not be released after its minimum hold", ex);
			}
		});
	}

}
