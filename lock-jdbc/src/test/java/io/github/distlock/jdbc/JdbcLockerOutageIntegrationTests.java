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

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.dao.DataAccessException;

import io.github.distlock.store.Acquisition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A PostgreSQL server of this test's own that stops answering (every process of it frozen
 * with SIGSTOP): lock calls fail with an exception within their timeouts rather than
 * hang, and lock again once it answers, with the same locker.
 */
class JdbcLockerOutageIntegrationTests {

	private static final Duration STATEMENT_TIMEOUT = Duration.ofSeconds(2);

	private static PostgresServer server;

	private static HikariDataSource dataSource;

	@BeforeAll
	static void startServer() throws Exception {
		server = PostgresServer.started();
		dataSource = server.dataSource(4);
		dataSource.setConnectionTimeout(3_000);
		new LockTable(dataSource, JdbcLocker.DEFAULT_TABLE, STATEMENT_TIMEOUT).create();
	}

	@AfterAll
	static void stopServer() throws Exception {
		server.signal("CONT");
		dataSource.close();
		server.close();
	}

	@Test
	void callsFailInBoundedTimeWhileTheDatabaseIsFrozenAndLockAgainAfter() throws Exception {
		try (JdbcLocker locker = new JdbcLocker(dataSource, JdbcLocker.DEFAULT_TABLE, "lock", STATEMENT_TIMEOUT)) {
			assertThat(locker.tryAcquire("before", "first", Duration.ofSeconds(30), Duration.ZERO))
				.isEqualTo(Acquisition.ACQUIRED);
			server.signal("STOP");
			try {
				long started = System.nanoTime();
				assertThatExceptionOfType(DataAccessException.class)
					.isThrownBy(() -> locker.tryAcquire("during", "second", Duration.ofSeconds(30), Duration.ZERO));
				Duration took = Duration.ofNanos(System.nanoTime() - started);
				System.out.println("A lock call on a frozen PostgreSQL failed after " + took.toMillis() + " ms");
				// The pool's connection timeout, then twice the statement timeout on the
				// network, and slack for a loaded machine.
				assertThat(took).isLessThan(Duration.ofSeconds(20));
				assertThatExceptionOfType(RuntimeException.class).isThrownBy(locker::ping);
			}
			finally {
				server.signal("CONT");
			}
			await().atMost(Duration.ofSeconds(30))
				.ignoreExceptions()
				.until(() -> locker.tryAcquire("after", "third", Duration.ofSeconds(30), Duration.ZERO).acquired());
			assertThat(locker.fence("before", "first")).isPositive();
		}
	}

}
