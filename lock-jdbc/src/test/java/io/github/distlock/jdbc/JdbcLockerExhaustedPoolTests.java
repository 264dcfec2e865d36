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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.store.Acquisition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * The application holds every connection of its pool (H2 behind Hikari, whose own
 * connection timeout is far longer than the locker's): each store call fails within
 * {@code distlock.jdbc.timeout}, or an acquire within its caller's shorter wait, with an
 * exception naming the cause and the setting, through Hikari's own bounded borrow and
 * through any other data source (here Hikari behind a {@link DelegatingDataSource}, which
 * the locker cannot see through); a connection that arrives after its caller left goes
 * back to the pool; a watchdog lease that lapses meanwhile is reported lost once it ends,
 * not once the pool gives up.
 */
class JdbcLockerExhaustedPoolTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(1);

	/**
	 * The pool's own wait for a connection: a call that waits for it is not bounded by
	 * the locker's timeout.
	 */
	private static final long POOL_TIMEOUT_MILLIS = 15_000;

	/** Generous for a loaded machine, and well below the pool's own timeout. */
	private static final Duration BOUND = Duration.ofMillis(POOL_TIMEOUT_MILLIS / 2);

	private static final int CONNECTIONS = 2;

	private HikariDataSource pool;

	private final List<Connection> taken = new ArrayList<>();

	@BeforeEach
	void createPool() {
		this.pool = new HikariDataSource();
		this.pool.setJdbcUrl("jdbc:h2:mem:pool-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		this.pool.setUsername("sa");
		this.pool.setMaximumPoolSize(CONNECTIONS);
		this.pool.setConnectionTimeout(POOL_TIMEOUT_MILLIS);
		new LockTable(this.pool, JdbcLocker.DEFAULT_TABLE, TIMEOUT).create();
	}

	@AfterEach
	void closePool() throws Exception {
		giveBackConnections();
		this.pool.close();
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "Hikari", "any other data source" })
	void everyStoreCallFailsWithinTheTimeoutNamingThePoolAndTheSetting(String dataSource) throws Exception {
		try (JdbcLocker locker = locker(dataSource, TIMEOUT)) {
			assertThat(locker.tryAcquire("held", "holder", Duration.ofMinutes(1), Duration.ZERO))
				.isEqualTo(Acquisition.ACQUIRED);
			StoreCalls calls = new StoreCalls(locker);
			exhaustThePool();
			calls.eachFailsWithin(dataSource + ", pool exhausted", BOUND, "distlock.jdbc.timeout", "exhausted");
			giveBackConnections();
			assertThat(locker.fence("held", "holder")).isPositive();
		}
	}

	@Test
	void anAcquireWaitsForAConnectionNoLongerThanItsCallerWaits() throws Exception {
		Duration longTimeout = Duration.ofSeconds(5);
		try (JdbcLocker locker = locker("Hikari", longTimeout)) {
			exhaustThePool();
			long started = System.nanoTime();
			assertThatExceptionOfType(CannotGetJdbcConnectionException.class)
				.isThrownBy(() -> locker.tryAcquire("k", "owner", Duration.ofMinutes(1), Duration.ofMillis(500)))
				.withMessageContaining("500 ms")
				.withMessageContaining("wait");
			Duration took = Duration.ofNanos(System.nanoTime() - started);
			System.out.println("An acquire that will wait 500 ms, the pool exhausted, failed after " + took.toMillis()
					+ " ms (distlock.jdbc.timeout 5 s)");
			assertThat(took).isLessThan(longTimeout);
		}
	}

	@Test
	void aConnectionThatArrivesAfterItsCallerLeftGoesBackToThePool() throws Exception {
		try (JdbcLocker locker = locker("any other data source", TIMEOUT)) {
			exhaustThePool();
			long started = System.nanoTime();
			assertThatExceptionOfType(CannotGetJdbcConnectionException.class)
				.isThrownBy(() -> locker.tryAcquire("k", "owner", Duration.ofMinutes(1), Duration.ZERO));
			assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(BOUND);
			// The borrow the caller left still waits in the pool: it gets the connection
			// given back now.
			giveBackConnections();
			await().atMost(Duration.ofSeconds(30))
				.until(() -> this.pool.getHikariPoolMXBean().getActiveConnections() == 0
						&& this.pool.getHikariPoolMXBean().getThreadsAwaitingConnection() == 0);
			exhaustThePool();
			giveBackConnections();
			assertThat(locker.tryAcquire("k", "owner", Duration.ofMinutes(1), Duration.ZERO))
				.isEqualTo(Acquisition.ACQUIRED);
		}
	}

	@Test
	void anInterruptedWaitForAConnectionEndsTheCallAndLeavesNoConnectionBehind() throws Exception {
		try (JdbcLocker locker = locker("any other data source", Duration.ofSeconds(30))) {
			exhaustThePool();
			AtomicReference<Throwable> failure = new AtomicReference<>();
			AtomicBoolean interruptKept = new AtomicBoolean();
			Thread caller = new Thread(() -> {
				failure
					.set(catchThrowable(() -> locker.tryAcquire("k", "owner", Duration.ofMinutes(1), Duration.ZERO)));
				interruptKept.set(Thread.currentThread().isInterrupted());
			});
			caller.start();
			await().atMost(Duration.ofSeconds(30))
				.until(() -> this.pool.getHikariPoolMXBean().getThreadsAwaitingConnection() == 1);
			caller.interrupt();
			caller.join(TimeUnit.SECONDS.toMillis(20));
			assertThat(caller.isAlive()).as("still waiting for a connection after its interrupt").isFalse();
			assertThat(failure.get()).isInstanceOf(CannotGetJdbcConnectionException.class)
				.hasRootCauseInstanceOf(InterruptedException.class);
			assertThat(interruptKept).isTrue();
			giveBackConnections();
			await().atMost(Duration.ofSeconds(30))
				.until(() -> this.pool.getHikariPoolMXBean().getActiveConnections() == 0
						&& this.pool.getHikariPoolMXBean().getThreadsAwaitingConnection() == 0);
		}
	}

	@Test
	void aWatchdogLeaseThatLapsesWhileThePoolIsExhaustedIsReportedLostWhenItEnds() throws Exception {
		Duration lease = Duration.ofSeconds(2);
		CountDownLatch lost = new CountDownLatch(1);
		LockListener listener = new LockListener() {
			@Override
			public void leaseLost(String key) {
				lost.countDown();
			}
		};
		try (JdbcLocker locker = locker("Hikari", TIMEOUT)) {
			DefaultLockTemplate template = new DefaultLockTemplate(locker, WatchdogSettings.watchdogLease(lease),
					List.of(listener));
			LockHandle handle = template.tryAcquire("job", null, Duration.ZERO).orElseThrow();
			long started = System.nanoTime();
			exhaustThePool();
			assertThat(lost.await(POOL_TIMEOUT_MILLIS * 2, TimeUnit.MILLISECONDS)).isTrue();
			Duration took = Duration.ofNanos(System.nanoTime() - started);
			System.out
				.println("A 2 s watchdog lease, the pool exhausted, reported lost after " + took.toMillis() + " ms");
			assertThat(handle.isHeld()).isFalse();
			assertThat(took).isLessThan(lease.plus(BOUND));
			giveBackConnections();
			assertThat(locker.tryAcquire("job", "another", Duration.ofMinutes(1), Duration.ZERO))
				.isEqualTo(Acquisition.ACQUIRED);
			handle.close();
			template.close();
		}
	}

	private JdbcLocker locker(String dataSource, Duration timeout) {
		DataSource behind = "Hikari".equals(dataSource) ? this.pool : new DelegatingDataSource(this.pool);
		return new JdbcLocker(behind, JdbcLocker.DEFAULT_TABLE, "lock", timeout);
	}

	private void exhaustThePool() throws Exception {
		for (int i = 0; i < CONNECTIONS; i++) {
			this.taken.add(this.pool.getConnection());
		}
	}

	private void giveBackConnections() throws Exception {
		for (Connection connection : this.taken) {
			connection.close();
		}
		this.taken.clear();
	}

}
