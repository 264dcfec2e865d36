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

import javax.sql.DataSource;

import org.springframework.util.ClassUtils;

/**
 * Takes a connection from the lock table's data source, giving up once the caller's bound
 * has passed, whatever the pool's own wait for a connection (Hikari's
 * {@code connection-timeout} is 30 s by default): Hikari's own bounded borrow when the
 * data source is Hikari's, else a borrow on a thread that the caller stops waiting for,
 * which holds for any pool, or none.
 */
interface ConnectionBorrower {

	/**
	 * Takes a connection.
	 * @param millis how long the caller waits for it
	 * @return the connection, for the caller to close
	 * @throws NoConnectionInTime when none came in time
	 * @throws SQLException when the data source failed to give one
	 */
	Connection borrow(long millis) throws SQLException;

	/**
	 * The borrower for a data source: Hikari's own bounded borrow when it is a
	 * {@code HikariDataSource} itself (not one behind another data source, which may do
	 * more than hand out Hikari's connections), else a borrow on threads of its own.
	 * @param dataSource the data source
	 * @return the borrower
	 */
	static ConnectionBorrower of(DataSource dataSource) {
		ConnectionBorrower anyDataSource = new BackgroundBorrower(dataSource);
		if (ClassUtils.isPresent("com.zaxxer.hikari.HikariDataSource", ConnectionBorrower.class.getClassLoader())
				&& HikariBorrower.isHikari(dataSource)) {
			return new HikariBorrower(dataSource, anyDataSource);
		}
		return anyDataSource;
	}

}
