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

package io.github.distlock.jdbc.autoconfigure;

import java.time.Duration;
import java.util.UUID;

import com.zaxxer.hikari.HikariDataSource;
import io.github.distlock.jdbc.JdbcLocker;
import io.github.distlock.jdbc.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Closing a Boot application on PostgreSQL while its locker listens for release notices:
 * the listener stops before the application's data sources close, and nothing is logged.
 */
@ExtendWith(OutputCaptureExtension.class)
class JdbcLockShutdownTests {

	private static final int CLOSES = 10;

	private final String table = "distlock_app_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

	@AfterEach
	void dropTable() {
		new JdbcTemplate(TestDatabase.POSTGRESQL.dataSource()).execute("DROP TABLE IF EXISTS " + this.table);
	}

	@Test
	void closingWhileListeningLogsNothing(CapturedOutput output) {
		closeWhileListening(PostgresLockingContexts.lockingIn(this.table), output);
	}

	/** A pool that closes when the application does, as Boot's own would. */
	@Test
	void closingWhileListeningOnAPooledNoticesDataSourceLogsNothing(CapturedOutput output) {
		closeWhileListening(
				PostgresLockingContexts.lockingIn(this.table).withUserConfiguration(PooledNoticesConfiguration.class),
				output);
	}

	private void closeWhileListening(ApplicationContextRunner runner, CapturedOutput output) {
		for (int i = 0; i < CLOSES; i++) {
			runner.run((context) -> await().atMost(Duration.ofSeconds(10))
				.until(context.getBean(JdbcLocker.class)::releaseNoticesActive));
		}
		assertThat(output.getOut().lines().filter((line) -> line.contains(" WARN ") || line.contains(" ERROR ")))
			.as("warnings and errors logged while closing %d times", CLOSES)
			.isEmpty();
		assertThat(output.getOut()).doesNotContain("Exception");
	}

	@Configuration(proxyBeanMethods = false)
	static class PooledNoticesConfiguration {

		@Bean(defaultCandidate = false)
		@LockNoticesDataSource
		HikariDataSource lockNoticesDataSource() {
			HikariDataSource dataSource = (HikariDataSource) TestDatabase.POSTGRESQL.dataSource();
			HikariDataSource notices = new HikariDataSource();
			notices.setJdbcUrl(dataSource.getJdbcUrl());
			notices.setUsername(dataSource.getUsername());
			notices.setMaximumPoolSize(1);
			return notices;
		}

	}

}
