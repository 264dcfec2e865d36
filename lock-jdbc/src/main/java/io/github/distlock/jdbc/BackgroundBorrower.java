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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * Takes connections on threads of its own, so that a caller stops waiting for one at its
 * bound whatever the data source does (a pool that waits longer, a driver that takes long
 * to connect). A connection that arrives after its caller left is closed at once, which
 * gives it back to its pool; a borrow whose caller left before its turn is not made.
 */
final class BackgroundBorrower implements ConnectionBorrower {

	private static final Log logger = LogFactory.getLog(BackgroundBorrower.class);

	/**
	 * Borrows under way at once: so many threads at most wait in a pool that has no
	 * connection, or on a database that does not answer; more borrows queue, each within
	 * its caller's bound.
	 */
	private static final int THREADS = 8;

	private final DataSource dataSource;

	private final ThreadPoolExecutor threads;

	BackgroundBorrower(DataSource dataSource) {
		this.dataSource = dataSource;
		CustomizableThreadFactory factory = new CustomizableThreadFactory("distlock-jdbc-borrow-");
		factory.setDaemon(true);
		this.threads = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
				factory);
		this.threads.allowCoreThreadTimeOut(true);
	}

	@Override
	@SuppressWarnings("NullAway") // an ExecutionException always carries the failure as
									// its cause
	public Connection borrow(long millis) throws SQLException {
		CompletableFuture<Connection> borrowed = new CompletableFuture<>();
		this.threads.execute(() -> borrowFor(borrowed));
		try {
			return borrowed.get(millis, TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			if (borrowed.cancel(false)) {
				throw new NoConnectionInTime("the pool is exhausted or the database unreachable", null);
			}
			// It came just now.
			return arrived(borrowed);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			borrowed.cancel(false);
			borrowed.thenAccept(BackgroundBorrower::giveBack);
			throw new SQLException("Interrupted while waiting for a connection for the lock table", ex);
		}
		catch (ExecutionException ex) {
			throw rethrown(ex.getCause());
		}
	}

	private void borrowFor(CompletableFuture<Connection> borrowed) {
		if (borrowed.isDone()) {
			return;
		}
		try {
			Connection connection = this.dataSource.getConnection();
			if (!borrowed.complete(connection)) {
				giveBack(connection);
			}
		}
		catch (Throwable ex) {
			// The caller throws it, an Error too.
			borrowed.completeExceptionally(ex);
		}
	}

	@SuppressWarnings("NullAway") // an ExecutionException always carries the failure as
									// its cause
	private static Connection arrived(CompletableFuture<Connection> borrowed) throws SQLException {
		try {
			return borrowed.join();
		}
		catch (CompletionException ex) {
			throw rethrown(ex.getCause());
		}
	}

	private static SQLException rethrown(Throwable failure) {
		if (failure instanceof SQLException ex) {
			return ex;
		}
		if (failure instanceof RuntimeException ex) {
			throw ex;
		}
		if (failure instanceof Error error) {
			throw error;
		}
		return new SQLException(failure);
	}

	private static void giveBack(Connection connection) {
		try {
			connection.close();
		}
		catch (SQLException ex) {
			logger.debug("Could not give back a connection that arrived after its caller stopped waiting", ex);
		}
	}

}
