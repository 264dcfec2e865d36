package io.github.distlock.core;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A claim counts on no more of the store than the store surely keeps.
 */
class ClaimTests {

	// Counting on 299.7 ms where Redis keeps PX 299 let isHeld() outlive the store by up to a millisecond.
	@Test
	void storeExpiryCountsWholeMillisecondsRoundedDown() {
		assertThat(Claim.storeExpiry(1_000, TimeUnit.MICROSECONDS.toNanos(299_700)))
			.isEqualTo(1_000 + TimeUnit.MILLISECONDS.toNanos(299));
	}

	@Test
	void storeExpiryOfLessThanAMillisecondIsTheOneMillisecondStoresKeepAtLeast() {
		assertThat(Claim.storeExpiry(1_000, TimeUnit.MICROSECONDS.toNanos(300)))
			.isEqualTo(1_000 + TimeUnit.MILLISECONDS.toNanos(1));
	}

}
