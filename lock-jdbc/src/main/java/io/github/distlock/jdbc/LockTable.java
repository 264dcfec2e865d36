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

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.BadSqlGrammarException;

/**
 * The lock table in a database: its DDL from the schema script in this jar, whether it
 * exists, and creating it.
 *
 * @since 0.1.0
 */
public final class LockTable {

	private final LockConnections connections;

	private final LockDatabase database;

	private final String name;

	/**
	 * Creates a view of the lock table.
	 * @param dataSource the data source of its database
	 * @param name the table's name
	 * @param timeout how long one statement may take
	 */
	public LockTable(DataSource dataSource, String name, Duration timeout) {
		this.connections = new LockConnections(dataSource, timeout);
		this.database = LockDatabase.of(this.connections.dataSource());
		this.name = LockTableName.checked(name);
	}

	/**
	 * Returns the database the table lives in.
	 * @return the database
	 */
	public LockDatabase database() {
		return this.database;
	}

	/**
	 * Returns the table's {@code CREATE TABLE IF NOT EXISTS} statement for its database,
	 * with its name.
	 * @return the DDL
	 */
	public String ddl() {
		String location = this.database.schemaLocation();
		try (InputStream script = LockTable.class.getClassLoader().getResourceAsStream(location)) {
			if (script == null) {
				throw new IllegalStateException("The schema script " + location + " is missing from the class path");
			}
			String ddl = new String(script.readAllBytes(), StandardCharsets.UTF_8);
			return ddl.lines()
				.filter((line) -> !line.startsWith("--"))
				.collect(Collectors.joining("\n"))
				.replace(JdbcLocker.DEFAULT_TABLE, this.name)
				.replace(";", "")
				.strip();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Returns whether the table exists (and can be read).
	 * @return whether it exists
	 */
	public boolean exists() {
		try {
			this.connections.query("SELECT lock_name FROM " + this.name + " WHERE 1 = 0", Map.of(),
					(results, row) -> results.getString(1));
			return true;
		}
		catch (BadSqlGrammarException ex) {
			return false;
		}
	}

	/**
	 * Creates the table unless it exists, as several instances starting together may each
	 * try.
	 */
	public void create() {
		try {
			this.connections.update(ddl(), Map.of());
		}
		catch (DataAccessException ex) {
			// PostgreSQL's IF NOT EXISTS can still lose a race to another instance's
			// CREATE (on pg_type's key).
			if (!exists()) {
				throw ex;
			}
		}
	}

}
