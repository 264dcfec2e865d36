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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.SoftAssertions.assertSoftly;
import static org.awaitility.Awaitility.await;

/**
 * Release notices of a locker whose connections go through PgBouncer in transaction mode,
 * where {@code LISTEN} succeeds and hears nothing: notices are not reported active, so a
 * waiter looks again at short intervals rather than sleeping out the holder's lease;
 * listening on a connection straight to PostgreSQL, they are confirmed active.
 */
class PgBouncerReleaseNoticesIntegrationTests {

	/** Longer than the waiter's wait: a waiter that sleeps it out gives up. */
	private static final Duration HOLDER_LEASE = Duration.ofSeconds(60);

	private static final Duration WAITER_WAIT = Duration.ofSeconds(20);

	private static final Duration SETTLE = Duration.ofSeconds(10);

	private static final int POOL = 8;

	private static PgBouncerServer pgBouncer;

	private static HikariDataSource throughPgBouncer;

	private final JdbcLockFixture fixture = new JdbcLockFixture(TestDatabase.POSTGRESQL);

	@BeforeAll
	static void startPgBouncer() throws Exception {
		pgBouncer = PgBouncerServer
			.startedInFrontOf(((HikariDataSource) TestDatabase.POSTGRESQL.dataSource()).getJdbcUrl());
		throughPgBouncer = pgBouncer.dataSource(POOL);
		// Filled now, so that no new connection runs a statement on the listener's server
		// connection later.
		await().atMost(SETTLE).until(() -> throughPgBouncer.getHikariPoolMXBean().getIdleConnections() == POOL);
	}

	@AfterAll
	static void stopPgBouncer() throws Exception {
		throughPgBouncer.close();
		pgBouncer.close();
	}

	@AfterEach
	void dropTable() {
		this.fixture.close();
	}

	@Test
	void noticesBehindATransactionPoolerAreNotActiveAndAWaiterLooksAgain() throws Exception {
		try (JdbcLocker locker = new JdbcLocker(throughPgBouncer, this.fixture.table, this.fixture.keyPrefix,
				JdbcLockFixture.TIMEOUT)) {
			Optional<LockHandle> taken = waitForReleasedLock(locker);
			assertSoftly((softly) -> {
				softly.assertThat(locker.releaseNoticesActive()).as("notices active behind PgBouncer").isFalse();
				softly.assertThat(taken).as("the lock, taken by the waiter after its release").isPresent();
			});
		}
	}

	@Test
	void noticesOnAConnectionStraightToPostgresAreConfirmedActive() throws Exception {
		HikariDataSource direct = (HikariDataSource) TestDatabase.POSTGRESQL.dataSource();
		DataSource listening = new DriverManagerDataSource(direct.getJdbcUrl(), direct.getUsername(), "");
		try (JdbcLocker locker = new JdbcLocker(throughPgBouncer, listening, this.fixture.table, this.fixture.keyPrefix,
				JdbcLockFixture.TIMEOUT)) {
			Optional<LockHandle> taken = waitForReleasedLock(locker);
			assertThat(locker.releaseNoticesActive()).as("notices active on a direct connection").isTrue();
			assertThat(taken).as("the lock, taken by the waiter after its release").isPresent();
		}
	}

	/**
	 * Once the locker's listener ran {@code LISTEN}, a waiter through the locker waits
	 * for a lock that another process holds for longer than the waiter waits, and the
	 * holder releases it.
	 */
	private Optional<LockHandle> waitForReleasedLock(JdbcLocker locker) throws Exception {
		DefaultLockTemplate waiter = new DefaultLockTemplate(locker,
				WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));
		JdbcLocker holder = this.fixture.locker();
		try {
			await().atMost(SETTLE).until(this::listenRan);
			assertThat(holder.tryAcquire("awaited", "holder", HOLDER_LEASE, Duration.ZERO).acquired()).isTrue();
			CompletableFuture<Optional<LockHandle>> taken = CompletableFuture
				.supplyAsync(() -> waiter.tryAcquire("awaited", Duration.ofSeconds(30), WAITER_WAIT));
			await().atMost(SETTLE).until(() -> waiterColumn() != null);
			holder.release("awaited", "holder");
			Optional<LockHandle> handle = taken.get(WAITER_WAIT.toSeconds() + 10, TimeUnit.SECONDS);
			handle.ifPresent(LockHandle::close);
			return handle;
		}
		finally {
			waiter.close();
		}
	}

	/**
	 * Whether a server connection ran the listener's {@code LISTEN}, or a probe sent
	 * after it, last: behind PgBouncer nothing else runs until the waiter starts but a
	 * check of the connection after a probe that did not come back, two seconds later.
	 */
	private boolean listenRan() {
		return new JdbcTemplate(this.fixture.dataSource).queryForObject(
				"SELECT COUNT(*) FROM pg_stat_activity WHERE query = ? OR query LIKE 'SELECT pg_notify(%'",
				Integer.class, "LISTEN \"" + this.fixture.table + "\"") > 0;
	}

	private String waiterColumn() {
		return new JdbcTemplate(this.fixture.dataSource).queryForObject(
				"SELECT waiter FROM " + this.fixture.table + " WHERE lock_name = ?", String.class,
				this.fixture.keyPrefix + ":awaited");
	}

}
