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

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import com.zaxxer.hikari.HikariDataSource;
import io.github.distlock.LockTemplate;
import io.github.distlock.jdbc.JdbcLocker;
import io.github.distlock.jdbc.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The connection a PostgreSQL locker listens for release notices on, through Boot's data
 * source: one of its own, not one of the application's pool, or the
 * {@link LockNoticesDataSource} the application defines.
 */
@ExtendWith(OutputCaptureExtension.class)
class ReleaseNoticesConnectionTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final String table = "distlock_app_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

	@AfterEach
	void dropTable() {
		new JdbcTemplate(TestDatabase.POSTGRESQL.dataSource()).execute("DROP TABLE IF EXISTS " + this.table);
	}

	@Test
	void poolOfOneWithLeakDetectionServesLockCallsWhileNoticesAreActive(CapturedOutput output) {
		PostgresLockingContexts.lockingIn(this.table)
			.withPropertyValues("spring.datasource.hikari.maximum-pool-size=1",
					"spring.datasource.hikari.leak-detection-threshold=2000",
					"spring.datasource.hikari.connection-timeout=2000")
			.run((context) -> {
				await().atMost(WAIT).until(context.getBean(JdbcLocker.class)::releaseNoticesActive);
				LockTemplate locks = context.getBean(LockTemplate.class);
				for (int i = 0; i < 3; i++) {
					assertThat(locks.execute("pool-of-one", Duration.ofSeconds(5), Duration.ZERO, () -> "ran"))
						.isEqualTo("ran");
				}
				HikariDataSource pool = context.getBean(HikariDataSource.class);
				await().atMost(WAIT)
					.untilAsserted(() -> assertThat(pool.getHikariPoolMXBean().getActiveConnections())
						.as("pooled connections in use while notices are active")
						.isZero());
			});
		assertThat(output.getOut()).doesNotContain("leak detection");
	}

	@Test
	void listensOnTheLockNoticesDataSourceBesideBootsOwn() {
		PostgresLockingContexts.lockingIn(this.table)
			.withUserConfiguration(NoticesDataSourceConfiguration.class)
			.run((context) -> {
				await().atMost(WAIT).until(context.getBean(JdbcLocker.class)::releaseNoticesActive);
				assertThat(context).hasSingleBean(HikariDataSource.class);
				CountingDataSource notices = (CountingDataSource) context.getBean("lockNoticesDataSource");
				assertThat(notices.connections).as("connections opened for notices").hasPositiveValue();
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class NoticesDataSourceConfiguration {

		@Bean(defaultCandidate = false)
		@LockNoticesDataSource
		CountingDataSource lockNoticesDataSource(Environment environment) {
			return new CountingDataSource(environment.getProperty("spring.datasource.url"),
					environment.getProperty("spring.datasource.username"));
		}

	}

	/** Physical connections, counted. */
	static class CountingDataSource extends DriverManagerDataSource {

		final AtomicInteger connections = new AtomicInteger();

		CountingDataSource(String url, String username) {
			super(url, username, "");
		}

		@Override
		public Connection getConnection() throws SQLException {
			this.connections.incrementAndGet();
			return super.getConnection();
		}

	}

}
