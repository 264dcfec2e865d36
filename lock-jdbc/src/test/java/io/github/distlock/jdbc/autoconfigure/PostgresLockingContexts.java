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

import com.zaxxer.hikari.HikariDataSource;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.jdbc.TestDatabase;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Boot applications locking in a table of the tests' PostgreSQL, through Boot's own data
 * source.
 */
final class PostgresLockingContexts {

	private PostgresLockingContexts() {
	}

	/** An application whose locks live in {@code table}, made at start-up. */
	static ApplicationContextRunner lockingIn(String table) {
		HikariDataSource dataSource = (HikariDataSource) TestDatabase.POSTGRESQL.dataSource();
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, JdbcLockAutoConfiguration.class,
					DistributedLockAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=" + dataSource.getJdbcUrl(),
					"spring.datasource.username=" + dataSource.getUsername(), "distlock.jdbc.table-name=" + table,
					"distlock.jdbc.initialize-schema=always");
	}

}
