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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Processes racing for locks that have no row yet, released at once by a barrier: on
 * every database each lock goes to exactly one of them, and none gets an error (an insert
 * that loses the race to another, or a database that picks it as a deadlock's victim, is
 * run once more). Processes contending on connections whose default is REPEATABLE READ
 * get no error either.
 */
class JdbcLockerRaceTests {

	private static final int PROCESSES = 6;

	private static final int LOCKS = 30;

	/** Acquires and releases of two hot locks per process. */
	private static final int ROUNDS = 40;

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void exactlyOneProcessTakesEachNewLock(TestDatabase database) throws Exception {
		try (JdbcLockFixture fixture = new JdbcLockFixture(database)) {
			List<JdbcLocker> processes = new ArrayList<>();
			for (int i = 0; i < PROCESSES; i++) {
				processes.add(fixture.locker());
			}
			ExecutorService threads = Executors.newFixedThreadPool(PROCESSES);
			try {
				for (int lock = 0; lock < LOCKS; lock++) {
					assertThat(race(threads, processes, "new-" + lock)).as("winners of new-%d", lock).isOne();
				}
			}
			finally {
				threads.shutdownNow();
			}
		}
	}

	@Test
	void contendedLocksOnRepeatableReadConnectionsFailNoStatement() throws Exception {
		HikariDataSource defaults = (HikariDataSource) TestDatabase.POSTGRESQL.dataSource();
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(defaults.getJdbcUrl());
		config.setUsername(defaults.getUsername());
		config.setMaximumPoolSize(PROCESSES * 2);
		config.setTransactionIsolation("TRANSACTION_REPEATABLE_READ");
		ExecutorService threads = Executors.newFixedThreadPool(PROCESSES);
		try (HikariDataSource repeatableRead = new HikariDataSource(config);
				JdbcLockFixture fixture = new JdbcLockFixture(TestDatabase.POSTGRESQL)) {
			List<Future<?>> processes = new ArrayList<>();
			for (int i = 0; i < PROCESSES; i++) {
				JdbcLocker locker = new JdbcLocker(repeatableRead, fixture.table, fixture.keyPrefix,
						JdbcLockFixture.TIMEOUT);
				String owner = "owner-" + i;
				processes.add(threads.submit(() -> {
					try (locker) {
						for (int round = 0; round < ROUNDS; round++) {
							String key = "hot-" + (round % 2);
							if (locker.tryAcquire(key, owner, Duration.ofSeconds(30), Duration.ofSeconds(10))
								.acquired()) {
								locker.release(key, owner);
							}
						}
					}
					return null;
				}));
			}
			for (Future<?> process : processes) {
				process.get(60, TimeUnit.SECONDS);
			}
		}
		finally {
			threads.shutdownNow();
		}
	}

	private static long race(ExecutorService threads, List<JdbcLocker> processes, String key) throws Exception {
		CyclicBarrier start = new CyclicBarrier(processes.size());
		List<Future<Boolean>> attempts = new ArrayList<>();
		for (JdbcLocker process : processes) {
			attempts.add(threads.submit(() -> {
				start.await(10, TimeUnit.SECONDS);
				return process
					.tryAcquire(key, "owner-" + System.identityHashCode(process), Duration.ofSeconds(30),
							Duration.ofSeconds(10))
					.acquired();
			}));
		}
		long winners = 0;
		for (Future<Boolean> attempt : attempts) {
			winners += attempt.get(30, TimeUnit.SECONDS) ? 1 : 0;
		}
		return winners;
	}

}
