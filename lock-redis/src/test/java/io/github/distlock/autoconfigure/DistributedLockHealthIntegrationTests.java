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

package io.github.distlock.autoconfigure;

import java.time.Duration;
import java.util.UUID;

import io.github.distlock.health.DistributedLockHealthIndicator;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code distlock} health indicator against a real Redis that stalls, stops and comes
 * back: it goes down within its timeout however long the client's own command timeout,
 * and up again.
 */
class DistributedLockHealthIntegrationTests {

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, RedisLockAutoConfiguration.class,
				DistributedLockAutoConfiguration.class, DistributedLockHealthAutoConfiguration.class))
		.withPropertyValues("spring.data.redis.port=" + redis.server().port(), "spring.data.redis.timeout=60s",
				"distlock.health.timeout=500ms", "distlock.key-prefix=health-" + UUID.randomUUID());

	@Test
	void upWhileRedisAnswersDownWithinTheTimeoutWhenItStallsOrStopsAndUpWhenItIsBack() {
		this.runner.run((context) -> {
			DistributedLockHealthIndicator indicator = context.getBean("distlockHealthIndicator",
					DistributedLockHealthIndicator.class);
			// The release-notice subscription comes up in the background as the
			// application starts.
			await().atMost(Duration.ofSeconds(10)).until(() -> indicator.health(true).getStatus().equals(Status.UP));
			Health up = indicator.health(true);
			assertThat(up.getDetails()).containsEntry("store", "answers")
				.containsEntry("releaseNotices", "subscribed")
				.containsEntry("leasesLostInLast5Minutes", 0);

			redis.server().pause();
			try {
				long start = System.nanoTime();
				Health stalled = indicator.health(true);
				assertThat(Duration.ofNanos(System.nanoTime() - start)).as("a check never waits for the client's 60 s")
					.isLessThan(Duration.ofSeconds(3));
				assertThat(stalled.getStatus()).isEqualTo(Status.DOWN);
				assertThat(stalled.getDetails()).containsEntry("store", "no answer within 500 ms");
			}
			finally {
				redis.server().resume();
			}
			await().atMost(Duration.ofSeconds(30)).until(() -> indicator.health(true).getStatus().equals(Status.UP));

			redis.server().stop();
			await().atMost(Duration.ofSeconds(30)).until(() -> indicator.health(true).getStatus().equals(Status.DOWN));
			redis.server().restart();
			await().atMost(Duration.ofSeconds(60)).until(() -> indicator.health(true).getStatus().equals(Status.UP));
		});
	}

	@Test
	void leftOutWhenTurnedOffOrWithoutSpringBootHealth() {
		this.runner.withPropertyValues("management.health.distlock.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("distlockHealthIndicator"));
		this.runner.withClassLoader(new FilteredClassLoader("org.springframework.boot.health"))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("distlockHealthIndicator"));
	}

}
