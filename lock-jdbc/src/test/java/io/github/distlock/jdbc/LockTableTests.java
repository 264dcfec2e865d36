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
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lock table on each database: instances starting together, each creating the table,
 * all start; lock names are compared without padding.
 */
class LockTableTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private static final int INSTANCES = 4;

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void instancesCreatingTheTableTogetherAllSucceed(TestDatabase database) throws Exception {
		String name = "distlock_create_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		LockTable table = new LockTable(database.dataSource(), name, TIMEOUT);
		ExecutorService instances = Executors.newFixedThreadPool(INSTANCES);
		try {
			CyclicBarrier start = new CyclicBarrier(INSTANCES);
			List<CompletableFuture<Void>> creates = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				creates.add(CompletableFuture.runAsync(() -> {
					await(start);
					table.create();
				}, instances));
			}
			CompletableFuture.allOf(creates.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
			table.create();
			assertThat(table.exists()).isTrue();
		}
		finally {
			instances.shutdownNow();
			new JdbcTemplate(database.dataSource()).execute("DROP TABLE IF EXISTS " + name);
		}
	}

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void lockNamesThatDifferInATrailingSpaceAreTwoLocks(TestDatabase database) {
		try (JdbcLockFixture fixture = new JdbcLockFixture(database)) {
			Duration lease = Duration.ofSeconds(30);
			assertThat(fixture.locker().tryAcquire("a", "first", lease, Duration.ZERO).acquired()).isTrue();
			assertThat(fixture.locker().tryAcquire("a ", "second", lease, Duration.ZERO).acquired()).isTrue();
		}
	}

	private static void await(CyclicBarrier barrier) {
		try {
			barrier.await(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
