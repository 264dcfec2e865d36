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
import java.util.List;

import io.github.distlock.benchmarks.RenewalRecorder.Wave;

/**
 * What the watchdog scenario saw.
 *
 * @param locks watchdog locks taken and held
 * @param takeNanos how long taking them took, all threads together
 * @param holdNanos how long they were held after the last was taken
 * @param scriptsInHold scripts the server ran while they were held (renewals only), by
 * its {@code cmdstat_evalsha} count
 * @param waves the renewal waves that renewed every lock, taking included
 * @param gaps how long locks went without a renewal
 * @param lost renewals that found their lock no longer held
 * @param heldAtEnd handles whose {@code isHeld()} was still true at the end of the hold
 * @param expiringAtEnd lock keys in Redis with an expiry at the end of the hold
 * @param releaseNanos how long releasing them took
 */
record WatchdogResult(int locks, long takeNanos, long holdNanos, long scriptsInHold, List<Wave> waves,
		RenewalRecorder.Gaps gaps, long lost, long heldAtEnd, long expiringAtEnd, long releaseNanos) {

	double takeSeconds() {
		return this.takeNanos / 1e9;
	}

	/**
	 * Returns the renewal scripts the server ran per renew interval while the locks were
	 * held.
	 * @param renewInterval the watchdog's renew interval
	 * @return scripts per interval
	 */
	double scriptsPerInterval(Duration renewInterval) {
		return (double) this.scriptsInHold * renewInterval.toNanos() / this.holdNanos;
	}

	/**
	 * Returns the median number of renew calls of the complete waves.
	 * @return calls, NaN when no wave was complete
	 */
	double medianCallsPerWave() {
		return Median.of(this.waves.stream().mapToDouble(Wave::calls).toArray());
	}

	/**
	 * Returns the median time from the first to the last renewal of the complete waves.
	 * @return milliseconds, NaN when no wave was complete
	 */
	double medianWaveMillis() {
		return Median.of(this.waves.stream().mapToDouble(Wave::millis).toArray());
	}

	/**
	 * Returns the share of locks held at the end, by their handles and in Redis alike.
	 * @return the share, 0 to 1
	 */
	double heldShare() {
		return (double) Math.min(this.heldAtEnd, this.expiringAtEnd) / this.locks;
	}

	/**
	 * Returns whether every lock was still held, by its handle and in Redis, and no
	 * renewal found one lost.
	 * @return whether all locks survived the hold
	 */
	boolean allHeld() {
		return this.heldAtEnd == this.locks && this.expiringAtEnd == this.locks && this.lost == 0;
	}

}
