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

package io.github.distlock.benchmarks;

import java.time.Duration;

/**
 * What a worker thread does in one cycle with its lock session.
 */
@FunctionalInterface
interface Workload {

	/**
	 * Runs one cycle: take the lock, do the work, release it.
	 * @param session the worker's lock session
	 * @return {@code true} when the cycle ran, {@code false} when the lock could not be
	 * taken in time
	 */
	boolean cycle(LockSession session);

	/**
	 * Lock, unlock, nothing in between.
	 * @return the workload
	 */
	static Workload lockUnlock() {
		return (session) -> {
			if (!session.acquire()) {
				return false;
			}
			session.release();
			return true;
		};
	}

	/**
	 * Lock, increment the shared counter, unlock; records hand-off times when a timer is
	 * given.
	 * @param counter the protected counter
	 * @param handoff the hand-off timer, or {@code null} to not measure hand-off
	 * @return the workload
	 */
	static Workload criticalSection(SharedCounter counter, HandoffTimer handoff) {
		return criticalSection(counter, handoff, Duration.ZERO);
	}

	/**
	 * Lock, increment the shared counter, work for a while, unlock; records hand-off
	 * times when a timer is given.
	 * @param counter the protected counter
	 * @param handoff the hand-off timer, or {@code null} to not measure hand-off
	 * @param work how long the holder works after the increment, zero for not at all
	 * @return the workload
	 */
	static Workload criticalSection(SharedCounter counter, HandoffTimer handoff, Duration work) {
		return (session) -> {
			if (!session.acquire()) {
				return false;
			}
			try {
				if (handoff != null) {
					handoff.entered();
				}
				counter.increment();
				if (!work.isZero()) {
					LoadRun.sleepUntil(System.currentTimeMillis() + work.toMillis());
				}
			}
			finally {
				if (handoff != null) {
					handoff.releasing();
				}
				session.release();
			}
			return true;
		};
	}

}
