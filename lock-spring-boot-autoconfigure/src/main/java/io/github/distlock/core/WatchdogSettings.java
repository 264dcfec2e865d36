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

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * How locks behave in watchdog mode.
 *
 * @param watchdogLease lease of a lock taken without a fixed lease, renewed while it is
 * held
 * @param renewInterval how often the watchdog renews; typically a third of the lease
 * @param maxHold longest time the watchdog keeps a lock alive, or {@code null} for no cap
 * @since 0.1.0
 */
public record WatchdogSettings(Duration watchdogLease, Duration renewInterval, @Nullable Duration maxHold) {

	public WatchdogSettings {
		if (watchdogLease.isNegative() || watchdogLease.isZero()) {
			throw new IllegalArgumentException("Watchdog lease must be positive, was " + watchdogLease);
		}
		if (renewInterval.isNegative() || renewInterval.isZero() || renewInterval.compareTo(watchdogLease) >= 0) {
			throw new IllegalArgumentException("Watchdog renew interval must be positive and shorter than the lease "
					+ watchdogLease + ", was " + renewInterval);
		}
		if (maxHold != null && (maxHold.isNegative() || maxHold.isZero())) {
			throw new IllegalArgumentException("Maximum hold time must be positive, was " + maxHold);
		}
	}

	/**
	 * Returns settings with the given watchdog lease, renewed every third of it, with no
	 * cap.
	 * @param watchdogLease the watchdog lease
	 * @return the settings
	 */
	public static WatchdogSettings watchdogLease(Duration watchdogLease) {
		return new WatchdogSettings(watchdogLease, watchdogLease.dividedBy(3), null);
	}

}
