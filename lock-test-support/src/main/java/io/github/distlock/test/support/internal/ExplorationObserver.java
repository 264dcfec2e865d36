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

package io.github.distlock.test.support.internal;

import org.jspecify.annotations.Nullable;

import io.github.distlock.LockHandle;

/**
 * What an exploration's workers tell the checks: the simulation's, which check every step
 * (the core's own tests), or a real-time run's, which check the history afterwards
 * ({@link ExplorationHistory}).
 */
public interface ExplorationObserver {

	/**
	 * A thread starts waiting for a lock, until {@code deadline}; returns what to pass to
	 * {@link #stopsWaiting}.
	 */
	Object startsWaiting(String key, long deadline, @Nullable ExploredProcess process, String who);

	/**
	 * The thread stopped waiting; its call took from {@code startedAt} to now, during
	 * which its process was paused for {@code pausedNanos}.
	 */
	void stopsWaiting(Object waiting, long startedAt, long waitNanos, long pausedNanos, String who);

	/** A worker took a lock. */
	void took(String key, LockHandle handle, String who);

	/**
	 * A holder wrote to the key's fenced register with its token, and was or was not held
	 * just before.
	 */
	void writes(String key, LockHandle handle, long token, boolean held, String who);

	/**
	 * A holder was refused a fencing token: the store no longer had the lock for it, so
	 * its process knows the lock is not its own any more. Only the simulation's checks
	 * use it.
	 */
	default void refusedToken(String key, @Nullable ExploredProcess process) {
	}

	/** A holder is about to let go of the lock. */
	void releasing(String key, LockHandle handle, String who);

}
