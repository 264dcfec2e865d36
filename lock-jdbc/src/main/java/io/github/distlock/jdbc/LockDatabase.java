package io.github.distlock.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;

import javax.sql.DataSource;

import org.springframework.jdbc.CannotGetJdbcConnectionException;

/**
 * The databases the lock table lives in, each with its clock and its single-statement upsert
 * (JDBC.md, "Statements").
 *
 * @since 0.1.0
 */
public enum LockDatabase {

	/** PostgreSQL: {@code INSERT ... ON CONFLICT ... RETURNING}, release notices by {@code NOTIFY}. */
	POSTGRESQL("postgresql", "(EXTRACT(EPOCH FROM statement_timestamp()) * 1000000)::BIGINT"),

	/**
	 * MariaDB 10.5 or later, through either driver: {@code INSERT ... ON DUPLICATE KEY UPDATE ...
	 * RETURNING}, which MySQL itself lacks.
	 */
	MYSQL("mysql", "TIMESTAMPDIFF(MICROSECOND, '1970-01-01', UTC_TIMESTAMP(6))"),

	/** H2: {@code MERGE} read back through {@code FINAL TABLE}; its clock is the JVM's. */
	H2("h2", "CAST(EXTRACT(EPOCH FROM CURRENT_TIMESTAMP) * 1000000 AS BIGINT)");

	private final String platform;

	/** The database's clock in microseconds since the epoch, the same throughout one statement. */
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
	 * @return the location, for example {@code io/github/distlock/jdbc/schema-postgresql.sql}
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
			return MYSQL;
		}
		if (product.contains("mysql")) {
			throw new IllegalStateException("Distributed locks cannot live in MySQL " + metaData.getDatabaseProductVersion()
					+ " yet: the lock statements need INSERT ... RETURNING, which MariaDB 10.5+ has and MySQL lacks; use "
					+ "PostgreSQL, MariaDB or H2, or another lock store (distlock.store)");
		}
		if (product.contains("h2")) {
			return H2;
		}
		throw new IllegalStateException("Distributed locks cannot live in a " + metaData.getDatabaseProductName()
				+ " database; use PostgreSQL, MariaDB or H2, or another lock store (distlock.store)");
	}

}
