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

package io.github.distlock.core;

import java.util.concurrent.locks.Condition;

import org.jspecify.annotations.Nullable;

/**
 * A thread of this process queued for its turn at one lock. Guarded by its
 * {@link LocalLock}'s mutex.
 */
final class Waiter {

	final LockRequest request;

	final Thread thread = Thread.currentThread();

	final Condition wake;

	/** How the wait ended; {@code null} while the waiter is queued. */
	@Nullable Turn turn;

	Waiter(LockRequest request, Condition wake) {
		this.request = request;
		this.wake = wake;
	}

	/** The state of the lock once this waiter has the turn, to go to the store. */
	KeyState.Acquiring acquiring() {
		return new KeyState.Acquiring(this.thread, this.request.requestedAt());
	}

	void grant(Turn turn) {
		this.turn = turn;
		this.wake.signal();
	}

}
