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
import java.sql.SQLTransientConnectionException;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;

/**
 * Borrows from Hikari's pool with its own per-call bound
 * ({@link HikariPool#getConnection(long)}, which its data source calls with
 * {@code connection-timeout}): no thread in between, and when none comes in time the
 * pool's counts tell an exhausted pool from an unreachable database. Loaded only when
 * Hikari is on the class path.
 */
final class HikariBorrower implements ConnectionBorrower {

	private final HikariDataSource dataSource;

	/** For a pool not started yet (Boot's starts on its first connection) or closed. */
	private final ConnectionBorrower otherwise;

	HikariBorrower(DataSource dataSource, ConnectionBorrower otherwise) {
		this.dataSource = (HikariDataSource) dataSource;
		this.otherwise = otherwise;
	}

	static boolean isHikari(DataSource dataSource) {
		return dataSource instanceof HikariDataSource;
	}

	@Override
	public Connection borrow(long millis) throws SQLException {
		if (this.dataSource.isClosed() || !(this.dataSource.getHikariPoolMXBean() instanceof HikariPool pool)) {
			return this.otherwise.borrow(millis);
		}
		try {
			return pool.getConnection(millis);
		}
		catch (SQLTransientConnectionException ex) {
			throw new NoConnectionInTime(reason(pool, ex), ex);
		}
	}

	private String reason(HikariPool pool, SQLException timedOut) {
		int size = this.dataSource.getMaximumPoolSize();
		if (pool.getActiveConnections() >= size) {
			return "the pool is exhausted, all " + size + " of its connections in use";
		}
		Throwable lastFailure = timedOut.getCause();
		return "the database is unreachable" + ((lastFailure != null) ? " (" + lastFailure.getMessage() + ")" : "");
	}

}
