package io.github.distlock.health;

import java.time.Duration;

import io.github.distlock.core.FaultInjectingLocker;
import io.github.distlock.memory.InMemoryLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the health indicator makes of release notices: lost ones are a fault, a store that has
 * none is not. (Its timeout and the store's answers: {@code DistributedLockHealthIntegrationTests}
 * on a real Redis.)
 */
class DistributedLockHealthIndicatorTests {

	private final FaultInjectingLocker locker = new FaultInjectingLocker(new InMemoryLocker());

	private final DistributedLockHealthIndicator indicator = new DistributedLockHealthIndicator(this.locker,
			Duration.ofSeconds(5), new RecentLeaseLosses());

	@AfterEach
	void stopIndicator() {
		this.indicator.destroy();
	}

	@Test
	void upWhileNoticesAreSubscribed() {
		Health health = this.indicator.health();
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("releaseNotices", "subscribed");
	}

	@Test
	void downWhenTheStoreSendsNoticesButTheyCannotReachThisInstance() {
		this.locker.setReleaseNoticesActive(false);
		Health health = this.indicator.health();
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat((String) health.getDetails().get("releaseNotices")).startsWith("not subscribed");
	}

	@Test
	void upOnAStoreThatHasNoNotices() {
		this.locker.sendNoReleaseNotices();
		Health health = this.indicator.health();
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat((String) health.getDetails().get("releaseNotices")).startsWith("none");
	}

}
