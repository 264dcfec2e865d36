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

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.distlock.DistributedLock;
import io.github.distlock.LockContext;
import io.github.distlock.LockTemplate;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.jdbc.JdbcLocker;
import io.github.distlock.jdbc.LockTable;
import io.github.distlock.jdbc.TestDatabase;
import io.github.distlock.store.Locker;
import io.github.distlock.test.support.LockStoreRegistration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceInitializationAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link JdbcLockAutoConfiguration} with Boot's data source, on H2 and on PostgreSQL: the
 * table checked or created at start-up, and {@code @DistributedLock} locking in it.
 */
class JdbcLockAutoConfigurationTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	/** The table that the jar's {@code schema-h2.sql} creates. */
	private static final String SQL_INIT_TABLE = JdbcLocker.DEFAULT_TABLE;

	private final String table = "distlock_app_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

	private TestDatabase database = TestDatabase.H2;

	@AfterEach
	void dropTable() {
		new JdbcTemplate(this.database.dataSource()).execute("DROP TABLE IF EXISTS " + this.table);
	}

	@ParameterizedTest
	@EnumSource(names = { "H2", "POSTGRESQL" })
	void missingTableFailsStartUpShowingItsDdl(TestDatabase database) {
		runner(database).withPropertyValues("distlock.jdbc.initialize-schema=never").run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = new MissingLockTableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).isNotNull();
			assertThat(analysis.getDescription()).contains("'" + this.table + "'", database.name().toLowerCase());
			assertThat(analysis.getAction()).contains("CREATE TABLE IF NOT EXISTS " + this.table + " (", "owner_token",
					"schema-" + database.name().toLowerCase() + ".sql", "distlock.jdbc.initialize-schema=always");
		});
	}

	@Test
	void storeIsRegisteredWhereDistlockFindsStores() {
		LockStoreRegistration.assertRegistered(JdbcLockAutoConfiguration.class, "jdbc");
	}

	@Test
	void failureAnalyzerIsRegistered() {
		// Analyzers of other modules that want constructor arguments are left out.
		assertThat(SpringFactoriesLoader.forDefaultResourceLocation()
			.load(FailureAnalyzer.class, (type, implementation, failure) -> {
			})).hasAtLeastOneElementOfType(MissingLockTableFailureAnalyzer.class);
	}

	@ParameterizedTest
	@EnumSource(names = { "H2", "POSTGRESQL" })
	void initializeSchemaAlwaysCreatesTheTable(TestDatabase database) {
		runner(database).withPropertyValues("distlock.jdbc.initialize-schema=always").run((context) -> {
			assertThat(context).hasSingleBean(JdbcLocker.class);
			assertThat(new LockTable(database.dataSource(), this.table, TIMEOUT).exists()).isTrue();
		});
	}

	@ParameterizedTest
	@EnumSource(names = { "H2", "POSTGRESQL" })
	void byDefaultTheTableIsCreatedInAnEmbeddedDatabaseOnly(TestDatabase database) {
		runner(database).run((context) -> {
			if (database == TestDatabase.H2) {
				assertThat(context).hasSingleBean(JdbcLocker.class);
			}
			else {
				assertThat(context).getFailure().rootCause().isInstanceOf(MissingLockTableException.class);
			}
		});
	}

	@ParameterizedTest
	@EnumSource(names = { "H2", "POSTGRESQL" })
	void annotatedMethodHoldsItsLockInTheTable(TestDatabase database) {
		runner(database).withPropertyValues("distlock.jdbc.initialize-schema=always", "distlock.key-prefix=app")
			.withUserConfiguration(GuardedJobConfiguration.class)
			.run((context) -> {
				Seen seen = context.getBean(GuardedJob.class).run(42);
				assertThat(seen.owner()).as("owner of app:job:42 while the method runs").isNotNull();
				assertThat(seen.fencingToken()).isPositive();
				assertThat(context.getBean(Locker.class).find("job:42")).isEmpty();
			});
	}

	@Test
	void tableCreatedBySqlInitIsThereAtStartUp() {
		runner(TestDatabase.H2)
			.withConfiguration(AutoConfigurations.of(DataSourceInitializationAutoConfiguration.class))
			.withPropertyValues("spring.sql.init.mode=always",
					"spring.sql.init.schema-locations=classpath:io/github/distlock/jdbc/schema-h2.sql",
					"distlock.jdbc.table-name=" + SQL_INIT_TABLE, "distlock.jdbc.initialize-schema=never")
			.run((context) -> {
				try {
					assertThat(context).hasNotFailed().hasSingleBean(JdbcLocker.class);
				}
				finally {
					new JdbcTemplate(this.database.dataSource()).execute("DROP TABLE IF EXISTS " + SQL_INIT_TABLE);
				}
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "locks; DROP TABLE users", "1locks", "a.b.c", "locks-x",
			"a_table_name_that_is_far_too_long_for_a_postgresql_notice_channel" })
	void tableNameThatIsNoIdentifierFailsStartUpNamingTheProperty(String name) {
		runner(TestDatabase.H2).withPropertyValues("distlock.jdbc.table-name=" + name)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("distlock.jdbc.table-name")
				.hasMessageContaining("is not a lock table's name"));
	}

	@Test
	void tableNameMayNameASchema() {
		runner(TestDatabase.H2).withPropertyValues("distlock.jdbc.table-name=PUBLIC." + this.table)
			.run((context) -> assertThat(context).hasSingleBean(JdbcLocker.class));
	}

	@Test
	void storeNamedJdbcUsesTheTable() {
		runner(TestDatabase.H2).withPropertyValues("distlock.store=jdbc", "distlock.jdbc.initialize-schema=always")
			.run((context) -> {
				assertThat(context).hasSingleBean(JdbcLocker.class);
				assertThat(context.getBean(LockTemplate.class)
					.execute("named", Duration.ofSeconds(5), Duration.ZERO, () -> "ran")).isEqualTo("ran");
			});
	}

	private ApplicationContextRunner runner(TestDatabase database) {
		this.database = database;
		HikariDataSource dataSource = (HikariDataSource) database.dataSource();
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, JdbcLockAutoConfiguration.class,
					DistributedLockAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=" + dataSource.getJdbcUrl(),
					"spring.datasource.username="
							+ ((dataSource.getUsername() != null) ? dataSource.getUsername() : ""),
					"spring.datasource.hikari.maximum-pool-size=4", "distlock.jdbc.table-name=" + this.table);
	}

	@Configuration(proxyBeanMethods = false)
	static class GuardedJobConfiguration {

		@Bean
		GuardedJob guardedJob(DataSource dataSource, Environment environment) {
			return new GuardedJob(new JdbcTemplate(dataSource), environment.getProperty("distlock.jdbc.table-name"));
		}

	}

	/** Reads its own lock's row while it runs, as another connection sees it. */
	static class GuardedJob {

		private final JdbcTemplate jdbc;

		private final String table;

		GuardedJob(JdbcTemplate jdbc, String table) {
			this.jdbc = jdbc;
			this.table = table;
		}

		@DistributedLock(name = "job", key = "#id")
		public Seen run(int id) {
			String owner = this.jdbc.queryForObject("SELECT owner_token FROM " + this.table + " WHERE lock_name = ?",
					String.class, "app:job:" + id);
			return new Seen(owner, LockContext.current().orElseThrow().fencingToken());
		}

	}

	/** What a locked method saw of its lock. */
	record Seen(String owner, long fencingToken) {

	}

}
