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

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A claim counts on no more of the store than the store surely keeps.
 */
class ClaimTests {

	private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

	// Counting on 299.7 ms where Redis keeps PX 299 let isHeld() outlive the store by up
	// to a millisecond.
	@Test
	void storeExpiryCountsWholeMillisecondsRoundedDown() {
		long storeLease = 299 * MS;
		assertThat(Claim.storeExpiry(1_000, TimeUnit.MICROSECONDS.toNanos(299_700)))
			.isEqualTo(1_000 + storeLease - Claim.clockAllowance(storeLease));
	}

	@Test
	void storeExpiryOfLessThanAMillisecondIsTheOneMillisecondStoresKeepAtLeast() {
		assertThat(Claim.storeExpiry(1_000, TimeUnit.MICROSECONDS.toNanos(300)))
			.isEqualTo(1_000 + MS - Claim.clockAllowance(MS));
	}

	// Without an allowance, a store clock 1% fast ended a 10 s lease 100 ms before
	// isHeld() turned false.
	@Test
	void storeExpiryAllowsForTheStoresClockRunningOnePercentFastAndSteppingTwoMilliseconds() {
		long lease = TimeUnit.SECONDS.toNanos(10);
		assertThat(Claim.storeExpiry(0, lease)).isEqualTo(lease - lease / 100 - 2 * MS);
	}

}
