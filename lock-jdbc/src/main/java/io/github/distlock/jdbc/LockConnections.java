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
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterUtils;
import org.springframework.jdbc.core.namedparam.ParsedSql;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.jdbc.support.SQLErrorCodeSQLExceptionTranslator;
import org.springframework.jdbc.support.SQLExceptionTranslator;

/**
 * Runs each lock statement on a connection of its own, taken from the data source itself
 * and in auto-commit, never on the connection of the caller's transaction (which
 * {@code JdbcTemplate} would join): a rollback never undoes a lock, and a lock never
 * waits for the caller's row locks. Every statement is bounded by the query timeout, and
 * so is the wait for its connection (an acquire's by its caller's wait, when shorter),
 * whatever the pool's own wait for one.
 */
final class LockConnections {

	/**
	 * How often a statement runs at most when the database rolls it back for a concurrent
	 * one.
	 */
	private static final int ATTEMPTS = 3;

	private static final int MARIADB_DEADLOCK = 1213;

	private final DataSource dataSource;

	private final ConnectionBorrower borrower;

	private final int timeoutSeconds;

	/** How long a call waits for a connection: the timeout. */
	private final ConnectionWait connectionWait;

	/**
	 * How long a statement may wait for the database's answer on the network, so that a
	 * database that stopped answering (whose driver's cancel request goes unanswered too)
	 * fails the call: twice the query timeout, leaving a live database time to cancel the
	 * statement itself.
	 */
	private final int networkTimeoutMillis;

	private final SQLExceptionTranslator translator;

	/**
	 * Whether the data source's connections come at READ COMMITTED (a pool resets a
	 * connection's isolation to its default when it is given back), learnt from the first
	 * one that did: from then on the isolation is not read before each statement, which
	 * costs PostgreSQL a round trip.
	 */
	private volatile boolean readCommittedByDefault;

	/**
	 * Each statement parsed once: a few fixed ones, and a renewal's per batch size (up to
	 * a chunk).
	 */
	private final Map<String, ParsedSql> parsedStatements = new ConcurrentHashMap<>();

	LockConnections(DataSource dataSource, Duration timeout) {
		this.dataSource = outsideTransactions(dataSource);
		this.borrower = ConnectionBorrower.of(this.dataSource);
		this.timeoutSeconds = (int) Math.max(1, timeout.toSeconds());
		this.connectionWait = ConnectionWait.timeout(Duration.ofSeconds(this.timeoutSeconds));
		this.networkTimeoutMillis = this.timeoutSeconds * 2000;
		this.translator = new SQLErrorCodeSQLExceptionTranslator(this.dataSource);
	}

	/** Rows the statement returned, mapped. */
	<T> List<T> query(String sql, Map<String, ?> parameters, RowMapper<T> rows) {
		return query(sql, parameters, rows, Duration.ZERO);
	}

	/**
	 * Rows the statement returned, mapped, after waiting for a connection no longer than
	 * the caller will wait for a lock, when it will (positive) and that is shorter than
	 * the timeout.
	 */
	<T> List<T> query(String sql, Map<String, ?> parameters, RowMapper<T> rows, Duration callerWait) {
		return run(sql, parameters, this.connectionWait.within(callerWait), (statement) -> {
			List<T> mapped = new ArrayList<>();
			try (ResultSet results = statement.executeQuery()) {
				while (results.next()) {
					mapped.add(rows.mapRow(results, mapped.size()));
				}
			}
			return mapped;
		});
	}

	/** How many rows the statement changed, or returned when it returns rows. */
	int update(String sql, Map<String, ?> parameters) {
		return run(sql, parameters, this.connectionWait, (statement) -> {
			if (!statement.execute()) {
				return statement.getUpdateCount();
			}
			int rows = 0;
			try (ResultSet results = statement.getResultSet()) {
				while (results.next()) {
					rows++;
				}
			}
			return rows;
		});
	}

	/** Whether the database answers within the timeout. */
	boolean isValid() {
		try (Connection connection = borrow(this.connectionWait)) {
			return connection.isValid(this.timeoutSeconds);
		}
		catch (SQLException ex) {
			throw translate("ping", ex);
		}
	}

	DataSource dataSource() {
		return this.dataSource;
	}

	/**
	 * The data source behind a {@link TransactionAwareDataSourceProxy}, however deep
	 * among other wrappers: the proxy hands out the connection of the caller's
	 * transaction.
	 */
	private static DataSource outsideTransactions(DataSource dataSource) {
		try {
			DataSource target = dataSource;
			while (target.isWrapperFor(TransactionAwareDataSourceProxy.class)) {
				DataSource behind = target.unwrap(TransactionAwareDataSourceProxy.class).getTargetDataSource();
				if (behind == null) {
					break;
				}
				target = behind;
			}
			return target;
		}
		catch (SQLException ex) {
			throw new CannotGetJdbcConnectionException("Could not unwrap the lock table's data source", ex);
		}
	}

	private <T> T run(String sql, Map<String, ?> parameters, ConnectionWait wait, StatementCall<T> call) {
		ParsedSql parsed = this.parsedStatements.computeIfAbsent(sql, NamedParameterUtils::parseSqlStatement);
		MapSqlParameterSource source = new MapSqlParameterSource(parameters);
		String jdbcSql = NamedParameterUtils.substituteNamedParameters(parsed, source);
		Object[] values = NamedParameterUtils.buildValueArray(parsed, source, null);
		for (int attempt = 1;; attempt++) {
			try (Connection connection = borrow(wait)) {
				return runAutoCommitted(connection, jdbcSql, values, call);
			}
			catch (SQLException ex) {
				if (attempt == ATTEMPTS || !isRetryable(ex)) {
					throw translate(jdbcSql, ex);
				}
			}
		}
	}

	/**
	 * A connection within the wait, or an exception that says why there is none and what
	 * bounded the wait.
	 */
	private Connection borrow(ConnectionWait wait) {
		try {
			return this.borrower.borrow(wait.millis());
		}
		catch (NoConnectionInTime ex) {
			throw new CannotGetJdbcConnectionException(
					"No connection for the lock table within " + wait + ": " + ex.reason(), ex);
		}
		catch (SQLException ex) {
			throw new CannotGetJdbcConnectionException(
					"Could not get a connection for the lock table: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Whether the database rolled the statement back to let a concurrent one through, so
	 * that running it again (as every lock statement may be, JDBC.md) succeeds: a
	 * serialization failure or a deadlock's victim on PostgreSQL, a deadlock's victim on
	 * MariaDB.
	 */
	private static boolean isRetryable(SQLException ex) {
		return "40001".equals(ex.getSQLState()) || "40P01".equals(ex.getSQLState())
				|| ex.getErrorCode() == MARIADB_DEADLOCK;
	}

	/**
	 * Runs the statement in auto-commit at READ COMMITTED, bounded by the timeouts, then
	 * gives the connection back as it was.
	 */
	private <T> T runAutoCommitted(Connection connection, String sql, Object[] values, StatementCall<T> call)
			throws SQLException {
		LockStatementSettings settings = LockStatementSettings.apply(connection, this.networkTimeoutMillis,
				this.readCommittedByDefault);
		if (settings.wasReadCommitted()) {
			this.readCommittedByDefault = true;
		}
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setQueryTimeout(this.timeoutSeconds);
			for (int i = 0; i < values.length; i++) {
				statement.setObject(i + 1, values[i]);
			}
			return call.run(statement);
		}
		finally {
			settings.restore();
		}
	}

	private DataAccessException translate(String sql, SQLException ex) {
		DataAccessException translated = this.translator.translate("distributed lock", sql, ex);
		return (translated != null) ? translated : new UncategorizedSQLException("distributed lock", sql, ex);
	}

	@FunctionalInterface
	private interface StatementCall<T> {

		T run(PreparedStatement statement) throws SQLException;

	}

}
