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

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The listening connection of a PostgreSQL locker: notices are not active until it
 * listens, it listens again after the connection is lost, and then tells each subscribed
 * lock's waiter to look again before delivering notices as before; it goes back to the
 * pool no longer listening, a stopped locker listens again once started, and a listener's
 * Error does not stop it.
 */
class PostgresReleaseNoticesIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final JdbcLockFixture fixture = new JdbcLockFixture(TestDatabase.POSTGRESQL);

	private final BlockingQueue<String> released = new LinkedBlockingQueue<>();

	private final BlockingQueue<String> resumed = new LinkedBlockingQueue<>();

	@AfterEach
	void dropTable() {
		this.fixture.close();
	}

	@Test
	void noticesAreInactiveUntilTheListeningConnectionOpens() {
		SwitchableDataSource dataSource = new SwitchableDataSource(this.fixture);
		try (JdbcLocker locker = new JdbcLocker(dataSource, this.fixture.table, this.fixture.keyPrefix,
				JdbcLockFixture.TIMEOUT)) {
			dataSource.refusing = true;
			locker.onRelease(listener());
			ReleaseSubscription subscription = locker.subscribe("refused", Duration.ofSeconds(10));
			assertThat(locker.releaseNoticesActive()).isFalse();
			assertThat(subscription.isActive()).isFalse();
			dataSource.refusing = false;
			await().atMost(WAIT).until(subscription::isActive);
			assertThat(locker.releaseNoticesActive()).isTrue();
		}
	}

	@Test
	void lostListeningConnectionIsReplacedAndWaitersAreToldToLookAgain() throws InterruptedException {
		JdbcLocker locker = this.fixture.locker();
		JdbcLocker holder = this.fixture.locker();
		locker.onRelease(listener());
		await().atMost(WAIT).until(locker::releaseNoticesActive);
		try (ReleaseSubscription subscription = locker.subscribe("awaited", Duration.ofSeconds(10))) {
			int terminated = new JdbcTemplate(this.fixture.dataSource).queryForObject(
					"SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query = ?", Integer.class,
					"LISTEN \"" + this.fixture.table + "\"");
			assertThat(terminated).isOne();
			assertThat(this.resumed.poll(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo("awaited");
			assertThat(subscription.isActive()).isTrue();
			holder.tryAcquire("awaited", "holder", LEASE, Duration.ZERO);
			locker.tryAcquire("awaited", "waiter", LEASE, WAIT);
			holder.release("awaited", "holder");
			assertThat(this.released.poll(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo("awaited");
		}
	}

	@Test
	void listeningConnectionGoesBackToThePoolNoLongerListening() throws SQLException {
		HikariDataSource defaults = (HikariDataSource) this.fixture.dataSource;
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(defaults.getJdbcUrl());
		config.setUsername(defaults.getUsername());
		config.setMaximumPoolSize(1);
		try (HikariDataSource single = new HikariDataSource(config)) {
			try (JdbcLocker locker = new JdbcLocker(this.fixture.dataSource, single, this.fixture.table,
					this.fixture.keyPrefix, JdbcLockFixture.TIMEOUT)) {
				locker.onRelease(listener());
				await().atMost(WAIT).until(locker::releaseNoticesActive);
			}
			assertThat(new JdbcTemplate(single).queryForObject("SELECT COUNT(*) FROM pg_listening_channels()",
					Integer.class))
				.as("channels the pooled connection listens on")
				.isZero();
		}
	}

	@Test
	void stoppedLockerListensNoMoreAndListensAgainOnceStarted() {
		JdbcLocker locker = this.fixture.locker();
		locker.onRelease(listener());
		await().atMost(WAIT).until(locker::releaseNoticesActive);
		locker.stop();
		assertThat(locker.releaseNoticesActive()).isFalse();
		locker.start();
		await().atMost(WAIT).until(locker::releaseNoticesActive);
	}

	@Test
	void listenerThatThrowsAnErrorDoesNotStopNotices() throws InterruptedException {
		JdbcLocker locker = this.fixture.locker();
		JdbcLocker holder = this.fixture.locker();
		AtomicBoolean failed = new AtomicBoolean();
		locker.onRelease((key) -> {
			if (failed.compareAndSet(false, true)) {
				throw new AssertionError("a listener's Error");
			}
			this.released.add(key);
		});
		await().atMost(WAIT).until(locker::releaseNoticesActive);
		try (ReleaseSubscription subscription = locker.subscribe("awaited", Duration.ofSeconds(10))) {
			for (int round = 0; round < 2; round++) {
				holder.tryAcquire("awaited", "holder", LEASE, Duration.ZERO);
				locker.tryAcquire("awaited", "waiter", LEASE, WAIT);
				holder.release("awaited", "holder");
				await().atMost(WAIT).untilTrue(failed);
			}
			assertThat(this.released.poll(WAIT.toSeconds(), TimeUnit.SECONDS)).isEqualTo("awaited");
		}
	}

	private ReleaseListener listener() {
		return new ReleaseListener() {

			@Override
			public void released(String key) {
				PostgresReleaseNoticesIntegrationTests.this.released.add(key);
			}

			@Override
			public void noticesResumed(String key) {
				PostgresReleaseNoticesIntegrationTests.this.resumed.add(key);
			}

		};
	}

	/**
	 * The fixture's data source, refusing connections while told to, as a database that
	 * is away.
	 */
	private static final class SwitchableDataSource extends DelegatingDataSource {

		volatile boolean refusing;

		SwitchableDataSource(JdbcLockFixture fixture) {
			super(fixture.dataSource);
		}

		@Override
		public Connection getConnection() throws SQLException {
			if (this.refusing) {
				throw new SQLException("Refused by the test");
			}
			return super.getConnection();
		}

	}

}
