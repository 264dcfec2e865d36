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

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;

import com.zaxxer.hikari.HikariDataSource;
import io.github.distlock.LockTemplate;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.jdbc.JdbcLocker;
import io.github.distlock.jdbc.TestDatabase;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The jar's schema scripts run by the application's own migrations, as the JDBC guide
 * page shows, each on a database of its own with nothing in it: Flyway with the script as
 * a migration, Liquibase with a changelog naming it. The locker finds the table they
 * create and locks in it.
 */
class SchemaMigrationTests {

	@ParameterizedTest
	@EnumSource(names = { "H2", "POSTGRESQL" })
	void flywayMigrationOfTheJarsScriptCreatesTheLockTable(TestDatabase database, @TempDir Path migrations)
			throws IOException {
		String script = "io/github/distlock/jdbc/schema-" + database.name().toLowerCase() + ".sql";
		try (InputStream ddl = new ClassPathResource(script).getInputStream()) {
			Files.copy(ddl, migrations.resolve("V1__distlock_locks.sql"));
		}
		try (EmptyDatabase empty = EmptyDatabase.on(database)) {
			runner(empty).withConfiguration(AutoConfigurations.of(FlywayAutoConfiguration.class))
				.withPropertyValues("spring.flyway.locations=filesystem:" + migrations)
				.run(SchemaMigrationTests::locksInTheTable);
		}
	}

	@ParameterizedTest
	@EnumSource(names = { "H2", "POSTGRESQL" })
	void liquibaseChangelogOfTheJarsScriptCreatesTheLockTable(TestDatabase database) {
		try (EmptyDatabase empty = EmptyDatabase.on(database)) {
			runner(empty).withConfiguration(AutoConfigurations.of(LiquibaseAutoConfiguration.class))
				.withPropertyValues("spring.liquibase.change-log=classpath:db/changelog/distlock-locks.yaml")
				.run(SchemaMigrationTests::locksInTheTable);
		}
	}

	private static void locksInTheTable(AssertableApplicationContext context) {
		assertThat(context).hasNotFailed().hasSingleBean(JdbcLocker.class);
		assertThat(context.getBean(LockTemplate.class)
			.execute("migrated", Duration.ofSeconds(5), Duration.ZERO, () -> "ran")).isEqualTo("ran");
	}

	private static ApplicationContextRunner runner(EmptyDatabase database) {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, JdbcLockAutoConfiguration.class,
					DistributedLockAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=" + database.url(),
					"spring.datasource.username=" + database.username(), "spring.datasource.hikari.maximum-pool-size=4",
					"distlock.jdbc.initialize-schema=never");
	}

	/** A database created for one test, dropped after it. */
	private record EmptyDatabase(String url, String username, Runnable drop) implements AutoCloseable {

		static EmptyDatabase on(TestDatabase database) {
			String name = "migrations_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
			if (database == TestDatabase.H2) {
				// An in-memory H2 database lives while a connection to it is open.
				return new EmptyDatabase("jdbc:h2:mem:" + name, "sa", () -> {
				});
			}
			HikariDataSource server = (HikariDataSource) database.dataSource();
			JdbcTemplate admin = new JdbcTemplate(server);
			admin.execute("CREATE DATABASE " + name);
			String url = server.getJdbcUrl().replaceFirst("/[^/]*$", "/" + name);
			return new EmptyDatabase(url, server.getUsername(),
					() -> admin.execute("DROP DATABASE " + name + " WITH (FORCE)"));
		}

		@Override
		public void close() {
			this.drop.run();
		}

	}

}
