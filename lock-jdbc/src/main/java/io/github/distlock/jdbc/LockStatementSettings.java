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

import org.springframework.jdbc.datasource.ConnectionHolder;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * What a lock statement needs of a pooled connection, set before it and given back after
 * it as the connection was: auto-commit, so that the statement is its own transaction;
 * READ COMMITTED, which the one-holder argument of JDBC.md assumes (under REPEATABLE READ
 * PostgreSQL fails a contended upsert rather than wait for the row); and a network
 * timeout.
 */
final class LockStatementSettings {

	private final Connection connection;

	private final int networkTimeout;

	private final boolean autoCommit;

	private final int isolation;

	private LockStatementSettings(Connection connection, int networkTimeout, boolean readCommitted)
			throws SQLException {
		this.connection = connection;
		this.networkTimeout = networkTimeout;
		this.autoCommit = connection.getAutoCommit();
		this.isolation = readCommitted ? Connection.TRANSACTION_READ_COMMITTED : connection.getTransactionIsolation();
	}

	/**
	 * Sets the connection up for lock statements, remembering how it was.
	 * @param connection the connection
	 * @param networkTimeoutMillis the network timeout of the statement
	 * @param readCommitted whether the connection is known to be at READ COMMITTED, so
	 * that its isolation is not read (a round trip on PostgreSQL)
	 */
	static LockStatementSettings apply(Connection connection, int networkTimeoutMillis, boolean readCommitted)
			throws SQLException {
		int networkTimeout = connection.getNetworkTimeout();
		// First: reading the isolation is a round trip on PostgreSQL, which a database
		// that stopped must not hang.
		connection.setNetworkTimeout(Runnable::run, networkTimeoutMillis);
		LockStatementSettings settings = new LockStatementSettings(connection, networkTimeout, readCommitted);
		if (!settings.autoCommit) {
			refuseTransactions(connection);
			connection.setAutoCommit(true);
		}
		if (settings.isolation != Connection.TRANSACTION_READ_COMMITTED) {
			connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
		}
		return settings;
	}

	/** Whether the connection was at READ COMMITTED before. */
	boolean wasReadCommitted() {
		return this.isolation == Connection.TRANSACTION_READ_COMMITTED;
	}

	/** Gives the connection back as it was. */
	void restore() throws SQLException {
		if (this.isolation != Connection.TRANSACTION_READ_COMMITTED) {
			this.connection.setTransactionIsolation(this.isolation);
		}
		if (!this.autoCommit) {
			this.connection.setAutoCommit(false);
		}
		this.connection.setNetworkTimeout(Runnable::run, this.networkTimeout);
	}

	/**
	 * Turning auto-commit on would commit the caller's work so far, so refuse the
	 * connection of a transaction of this thread, whatever data source the transaction
	 * manager bound it to.
	 */
	private static void refuseTransactions(Connection connection) {
		Connection target = DataSourceUtils.getTargetConnection(connection);
		boolean bound = TransactionSynchronizationManager.getResourceMap()
			.values()
			.stream()
			.anyMatch((resource) -> resource instanceof ConnectionHolder holder && holder.getConnectionHandle() != null
					&& holder.getConnection() == target);
		if (bound) {
			throw new IllegalStateException("The lock table's data source handed out the connection of the current "
					+ "transaction, on which a lock statement would commit the transaction's work; give the locker a "
					+ "data source that hands out connections of their own (a TransactionAwareDataSourceProxy is "
					+ "unwrapped, also inside a DelegatingDataSource)");
		}
	}

}
