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

package io.github.distlock.health;

import java.time.Duration;

import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.test.support.FaultInjectingLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the health indicator makes of release notices: lost ones are a fault, a store that
 * has none is not. (Its timeout and the store's answers:
 * {@code DistributedLockHealthIntegrationTests} on a real Redis.)
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
