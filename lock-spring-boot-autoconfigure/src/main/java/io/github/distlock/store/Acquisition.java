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

package io.github.distlock.store;

import java.time.Duration;

/**
 * The answer of {@link Locker#tryAcquire}: either the lock was taken, or it is held by
 * another owner, with the time left on that owner's lease.
 *
 * @param acquired whether the lock was taken (or was held by the same owner already)
 * @param holderLease time left on the other holder's lease when busy (positive); zero
 * when unknown
 * @param askedAfter when taken: how long after the call began the store was sent the
 * command that took the lock, having first connected or loaded a script the store had
 * lost; the caller counts the lease from then. Zero when the store sent it at once or
 * cannot tell.
 * @since 0.1.0
 */
public record Acquisition(boolean acquired, Duration holderLease, Duration askedAfter) {

	/**
	 * The answer for a lock that was taken by a command sent as soon as the call began.
	 */
	public static final Acquisition ACQUIRED = new Acquisition(true, Duration.ZERO, Duration.ZERO);

	/**
	 * Returns an answer for a lock that was taken by a command sent some time after the
	 * call began: the lease started no sooner than then.
	 * @param askedAfter how long after the call began the command was sent
	 * @return the acquisition
	 */
	public static Acquisition acquiredAfter(Duration askedAfter) {
		return (askedAfter.isZero() || askedAfter.isNegative()) ? ACQUIRED
				: new Acquisition(true, Duration.ZERO, askedAfter);
	}

	/**
	 * Returns an answer for a lock that another owner holds.
	 * @param holderLease time left on that owner's lease; zero when unknown
	 * @return the acquisition
	 */
	public static Acquisition busy(Duration holderLease) {
		return new Acquisition(false, holderLease, Duration.ZERO);
	}

}
