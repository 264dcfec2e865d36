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

import java.nio.file.Files;
import java.time.Duration;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import io.github.distlock.LockStoreException;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.store.Acquisition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A PostgreSQL server of this test's own is stopped while Boot's default pool (Hikari, a
 * 30 s connection timeout) keeps its idle connections: a lock call that will wait 1 s
 * fails within that wait, and every other store call within
 * {@code distlock.jdbc.timeout}, naming the database that cannot be reached and the
 * setting, not after the pool's 30 s.
 */
class JdbcLockerStoppedDatabaseIntegrationTests {

	/** The default of {@code distlock.jdbc.timeout}. */
	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	/** Generous for a loaded machine, and well below the pool's own 30 s. */
	private static final Duration BOUND = Duration.ofSeconds(15);

	@Test
	void lockCallsFailWithinTheirBoundWhileThePoolCannotReachTheDatabase() throws Exception {
		PostgresServer server = PostgresServer.started();
		try (HikariDataSource pool = new HikariDataSource()) {
			pool.setJdbcUrl(server.url());
			pool.setUsername(server.user());
			new LockTable(pool, JdbcLocker.DEFAULT_TABLE, TIMEOUT).create();
			try (JdbcLocker locker = new JdbcLocker(pool, JdbcLocker.DEFAULT_TABLE, "lock", TIMEOUT)) {
				DefaultLockTemplate template = new DefaultLockTemplate(locker,
						WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));
				template.tryAcquire("before", null, Duration.ZERO).orElseThrow().close();
				assertThat(locker.tryAcquire("held", "holder", Duration.ofMinutes(1), Duration.ZERO))
					.isEqualTo(Acquisition.ACQUIRED);
				server.close();
				// Idle beyond the 500 ms in which Hikari hands a connection out again
				// without checking it.
				Thread.sleep(1_000);

				long started = System.nanoTime();
				Throwable failure = catchThrowable(() -> template.tryAcquire("during", null, Duration.ofSeconds(1)));
				Duration took = Duration.ofNanos(System.nanoTime() - started);
				System.out.println("PostgreSQL stopped: a lock call that waits 1 s failed after " + took.toMillis()
						+ " ms: " + failure);
				assertThat(failure).isInstanceOf(LockStoreException.class)
					.hasMessageContaining("wait")
					.hasMessageContaining("unreachable");
				assertThat(took).as("the caller waits 1 s; distlock.jdbc.timeout is 5 s").isLessThan(TIMEOUT);

				new StoreCalls(locker).eachFailsWithin("PostgreSQL stopped", BOUND, "distlock.jdbc.timeout",
						"unreachable");
				template.close();
			}
		}
		finally {
			if (Files.exists(server.directory)) {
				server.close();
			}
		}
	}

}
