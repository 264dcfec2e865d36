package io.github.distlock.health;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RecentLeaseLosses} counts the leases lost, whichever lock lost them.
 */
class RecentLeaseLossesTests {

	@Test
	void countsEveryLossInTheWindow() {
		RecentLeaseLosses losses = new RecentLeaseLosses();
		assertThat(losses.count()).isZero();
		losses.leaseLost("goods:1");
		losses.leaseLost("jobs:report");
		assertThat(losses.count()).isEqualTo(2);
	}

}
