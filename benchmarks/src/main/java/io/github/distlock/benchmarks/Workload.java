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
	 * @return {@code true} when the cycle ran, {@code false} when the lock could not be taken in time
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
	 * Lock, increment the shared counter, unlock; records hand-off times when a timer is given.
	 * @param counter the protected counter
	 * @param handoff the hand-off timer, or {@code null} to not measure hand-off
	 * @return the workload
	 */
	static Workload criticalSection(SharedCounter counter, HandoffTimer handoff) {
		return criticalSection(counter, handoff, Duration.ZERO);
	}

	/**
	 * Lock, increment the shared counter, work for a while, unlock; records hand-off times when a
	 * timer is given.
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
