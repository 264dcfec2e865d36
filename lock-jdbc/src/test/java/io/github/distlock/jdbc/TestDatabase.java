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

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

/**
 * The databases the lock tests run on, each started once per test run, on first use, and
 * stopped as the JVM exits: H2 in this process, PostgreSQL and MariaDB as servers of
 * their own.
 */
public enum TestDatabase {

	H2, POSTGRESQL, MARIADB;

	/**
	 * Connections of one pool: the footprint test's threads and two lockers' notice
	 * connections.
	 */
	private static final int CONNECTIONS = 24;

	private volatile DataSource dataSource;

	public synchronized DataSource dataSource() {
		if (this.dataSource == null) {
			this.dataSource = start();
		}
		return this.dataSource;
	}

	private DataSource start() {
		try {
			DatabaseServer server = switch (this) {
				case H2 -> null;
				case POSTGRESQL -> PostgresServer.started();
				case MARIADB -> MariaDbServer.started();
			};
			if (server == null) {
				HikariDataSource h2 = new HikariDataSource();
				h2.setJdbcUrl("jdbc:h2:mem:distlock;DB_CLOSE_DELAY=-1");
				h2.setUsername("sa");
				h2.setMaximumPoolSize(CONNECTIONS);
				return h2;
			}
			HikariDataSource pool = server.dataSource(CONNECTIONS);
			Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(pool, server)));
			return pool;
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not start " + this, ex);
		}
	}

	private static void stop(HikariDataSource pool, DatabaseServer server) {
		pool.close();
		try {
			server.close();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
