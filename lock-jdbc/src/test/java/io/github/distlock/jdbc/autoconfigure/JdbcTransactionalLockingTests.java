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

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.distlock.DistributedLock;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.jdbc.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @DistributedLock} on a {@code @Transactional} method whose data lives in the
 * same database as its lock: the lock wraps the transaction, so threads that read and
 * write one row lose no update, with lock statements and the transaction sharing a small
 * pool.
 */
class JdbcTransactionalLockingTests {

	private static final int THREADS = 6;

	private static final int INCREMENTS = 10;

	private final String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);

	private final String lockTable = "distlock_tx_" + this.suffix;

	private final String stockTable = "stock_" + this.suffix;

	private TestDatabase database = TestDatabase.H2;

	@AfterEach
	void dropTables() {
		JdbcTemplate jdbc = new JdbcTemplate(this.database.dataSource());
		jdbc.execute("DROP TABLE IF EXISTS " + this.lockTable);
		jdbc.execute("DROP TABLE IF EXISTS " + this.stockTable);
	}

	@ParameterizedTest
	@EnumSource(names = { "H2", "POSTGRESQL" })
	void lockedTransactionsLoseNoUpdate(TestDatabase database) throws Exception {
		this.database = database;
		HikariDataSource dataSource = (HikariDataSource) database.dataSource();
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
					DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
					JdbcLockAutoConfiguration.class, DistributedLockAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=" + dataSource.getJdbcUrl(),
					"spring.datasource.username=" + dataSource.getUsername(),
					"spring.datasource.hikari.maximum-pool-size=" + (THREADS / 2),
					"distlock.jdbc.table-name=" + this.lockTable, "distlock.jdbc.initialize-schema=always")
			.withUserConfiguration(StockConfiguration.class)
			.withBean("stockTable", String.class, () -> this.stockTable)
			.run((context) -> {
				Stock stock = context.getBean(Stock.class);
				stock.create();
				incrementOnThreads(stock);
				assertThat(stock.count()).isEqualTo(THREADS * INCREMENTS);
			});
	}

	private static void incrementOnThreads(Stock stock) throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		try {
			List<Future<?>> workers = new ArrayList<>();
			for (int i = 0; i < THREADS; i++) {
				workers.add(threads.submit(() -> {
					for (int n = 0; n < INCREMENTS; n++) {
						stock.increment(1);
					}
				}));
			}
			for (Future<?> worker : workers) {
				worker.get(2, TimeUnit.MINUTES);
			}
		}
		finally {
			threads.shutdownNow();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class StockConfiguration {

		@Bean
		Stock stock(DataSource dataSource, String stockTable) {
			return new Stock(new JdbcTemplate(dataSource), stockTable);
		}

	}

	/** A count read, then written, in one transaction under the lock. */
	static class Stock {

		private final JdbcTemplate jdbc;

		private final String table;

		Stock(JdbcTemplate jdbc, String table) {
			this.jdbc = jdbc;
			this.table = table;
		}

		void create() {
			this.jdbc.execute("CREATE TABLE " + this.table + " (id INT PRIMARY KEY, sold INT NOT NULL)");
			this.jdbc.update("INSERT INTO " + this.table + " VALUES (1, 0)");
		}

		@DistributedLock(name = "stock", key = "#id", waitMs = 60000)
		@Transactional
		public void increment(int id) {
			int sold = this.jdbc.queryForObject("SELECT sold FROM " + this.table + " WHERE id = ?", Integer.class, id);
			Thread.yield();
			this.jdbc.update("UPDATE " + this.table + " SET sold = ? WHERE id = ?", sold + 1, id);
		}

		int count() {
			return this.jdbc.queryForObject("SELECT sold FROM " + this.table + " WHERE id = 1", Integer.class);
		}

	}

}
