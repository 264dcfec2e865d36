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

package io.github.distlock.jdbc;

import java.time.Duration;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import io.github.distlock.health.DistributedLockHealthIndicator;
import io.github.distlock.health.RecentLeaseLosses;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code distlock} health on each database: up while the database answers, whether or
 * not it sends release notices; on PostgreSQL, once its listening connection is open.
 */
class JdbcLockHealthTests {

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void upWhileTheDatabaseAnswers(TestDatabase database) throws Exception {
		try (JdbcLockFixture fixture = new JdbcLockFixture(database)) {
			JdbcLocker locker = fixture.locker();
			locker.onRelease((key) -> {
			});
			DistributedLockHealthIndicator indicator = new DistributedLockHealthIndicator(locker,
					Duration.ofSeconds(10), new RecentLeaseLosses());
			try {
				await().atMost(Duration.ofSeconds(10))
					.until(() -> indicator.health(true).getStatus().equals(Status.UP));
				Health health = indicator.health(true);
				assertThat(health.getDetails()).containsEntry("store", "answers")
					.containsEntry("releaseNotices", (database == TestDatabase.POSTGRESQL) ? "subscribed"
							: "none in this lock store: waiters look again every 200 ms");
			}
			finally {
				indicator.destroy();
			}
		}
	}

}
