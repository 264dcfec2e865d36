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
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import org.springframework.jdbc.CannotGetJdbcConnectionException;

/**
 * The databases the lock table lives in, each with its clock and its single-statement
 * upsert (JDBC.md, "Statements").
 *
 * @since 0.1.0
 */
public enum LockDatabase {

	/**
	 * PostgreSQL: {@code INSERT ... ON CONFLICT ... RETURNING}, release notices by
	 * {@code NOTIFY}.
	 */
	POSTGRESQL("postgresql", "(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000)::BIGINT"),

	/**
	 * MariaDB 10.5 or later, through either driver:
	 * {@code INSERT ... ON DUPLICATE KEY UPDATE ...
	 * RETURNING}, which MySQL itself lacks.
	 */
	MYSQL("mysql", "TIMESTAMPDIFF(MICROSECOND, '1970-01-01', UTC_TIMESTAMP(6))"),

	/**
	 * H2: {@code MERGE} read back through {@code FINAL TABLE}; its clock is the JVM's.
	 */
	H2("h2", "CAST(EXTRACT(EPOCH FROM CURRENT_TIMESTAMP) * 1000000 AS BIGINT)");

	/**
	 * The MariaDB release in a version string: the numbers just before {@code -MariaDB}.
	 */
	private static final Pattern MARIADB_VERSION = Pattern.compile("(\\d+)\\.(\\d+)\\.\\d+-MariaDB",
			Pattern.CASE_INSENSITIVE);

	private final String platform;

	/**
	 * The database's clock in microseconds since the epoch, the same throughout one
	 * statement.
	 */
	private final String now;

	LockDatabase(String platform, String now) {
		this.platform = platform;
		this.now = now;
	}

	/**
	 * Returns the platform's name, as in {@code schema-<platform>.sql}.
	 * @return the platform
	 */
	public String platform() {
		return this.platform;
	}

	/**
	 * Returns the class path location of the lock table's DDL for this database.
	 * @return the location, for example
	 * {@code io/github/distlock/jdbc/schema-postgresql.sql}
	 */
	public String schemaLocation() {
		return "io/github/distlock/jdbc/schema-" + this.platform + ".sql";
	}

	String now() {
		return this.now;
	}

	/**
	 * Returns the database behind a data source, from its driver's product name.
	 * @param dataSource the data source
	 * @return the database
	 * @throws IllegalStateException when the database is not one of these
	 */
	public static LockDatabase of(DataSource dataSource) {
		try (Connection connection = dataSource.getConnection()) {
			return of(connection.getMetaData());
		}
		catch (SQLException ex) {
			throw new CannotGetJdbcConnectionException("Could not ask the lock table's database for its name", ex);
		}
	}

	private static LockDatabase of(DatabaseMetaData metaData) throws SQLException {
		String product = metaData.getDatabaseProductName().toLowerCase(Locale.ROOT);
		if (product.contains("postgres")) {
			return POSTGRESQL;
		}
		if (product.contains("mariadb") || (product.contains("mysql")
				&& metaData.getDatabaseProductVersion().toLowerCase(Locale.ROOT).contains("mariadb"))) {
			checkMariaDbVersion(metaData.getDatabaseProductVersion());
			return MYSQL;
		}
		if (product.contains("mysql")) {
			throw new IllegalStateException("Distributed locks cannot live in MySQL "
					+ metaData.getDatabaseProductVersion()
					+ " yet: the lock statements need INSERT ... RETURNING, which MariaDB 10.5+ has and MySQL lacks; use "
					+ "PostgreSQL, MariaDB or H2, or another lock store (distlock.store)");
		}
		if (product.contains("h2")) {
			return H2;
		}
		throw new IllegalStateException("Distributed locks cannot live in a " + metaData.getDatabaseProductName()
				+ " database; use PostgreSQL, MariaDB or H2, or another lock store (distlock.store)");
	}

	/**
	 * Refuses a MariaDB older than 10.5, which lacks {@code INSERT ... RETURNING}, from
	 * its version as either driver reports it ({@code 10.11.6-MariaDB}, or
	 * {@code 5.5.5-10.11.6-MariaDB} from MySQL's, whose major version would read 5).
	 */
	static void checkMariaDbVersion(String productVersion) {
		Matcher version = MARIADB_VERSION.matcher(productVersion);
		if (!version.find()) {
			throw new IllegalStateException("Could not read MariaDB's version from '" + productVersion + "'");
		}
		int major = Integer.parseInt(version.group(1));
		int minor = Integer.parseInt(version.group(2));
		if (major < 10 || (major == 10 && minor < 5)) {
			throw new IllegalStateException("Distributed locks cannot live in MariaDB " + productVersion
					+ ": the lock statements need INSERT ... RETURNING, which MariaDB has from 10.5; upgrade it, or "
					+ "use another lock store (distlock.store)");
		}
	}

}
