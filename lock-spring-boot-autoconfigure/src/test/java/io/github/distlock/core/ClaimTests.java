package io.github.distlock.core;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A claim counts on no more of the store than the store surely keeps.
 */
class ClaimTests {

	private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

	// Counting on 299.7 ms where Redis keeps PX 299 let isHeld() outlive the store by up to a millisecond.
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

	// Without an allowance, a store clock 1% fast ended a 10 s lease 100 ms before isHeld() turned false.
	@Test
	void storeExpiryAllowsForTheStoresClockRunningOnePercentFastAndSteppingTwoMilliseconds() {
		long lease = TimeUnit.SECONDS.toNanos(10);
		assertThat(Claim.storeExpiry(0, lease)).isEqualTo(lease - lease / 100 - 2 * MS);
	}

}
