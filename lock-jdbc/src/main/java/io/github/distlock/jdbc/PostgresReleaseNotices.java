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
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;

/**
 * Release notices on PostgreSQL: one connection per locker {@code LISTEN}s on the table's
 * channel, on which the release statement {@code NOTIFY}s the name of a lock someone
 * waited for; the {@link SubscribedListeners} are told of the locks this process
 * subscribed to. Notices are active only while a {@link NoticeProbe} sent on another
 * connection comes back on the listening one, and once they turn active every subscribed
 * lock's waiter is told to look again. A lost connection is opened again, backing off up
 * to a second. {@link #stop()} ends the listening thread and waits for it, so that the
 * connection is given back (or closed) before whoever stops next closes the data source.
 */
final class PostgresReleaseNotices implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(PostgresReleaseNotices.class);

	/** How long one wait for notifications lasts, so that closing takes no longer. */
	private static final int POLL_MILLIS = 250;

	private final DataSource dataSource;

	private final String channel;

	private final LockNames names;

	private final int timeoutSeconds;

	private final Consumer<String> probeSender;

	private final SubscribedListeners listeners = new SubscribedListeners();

	/** Guards starting and stopping the listening thread. */
	private final Lock lifecycle = new ReentrantLock();

	private volatile boolean listening;

	private boolean closed;

	/** The listening thread; a thread that is no longer this one ends. */
	private volatile @Nullable Thread listener;

	/**
	 * Creates the notices of one lock table.
	 * @param dataSource where the listening connection comes from, one that keeps its
	 * session
	 * @param channel the table's channel
	 * @param names the lock names of this locker
	 * @param timeout how long one statement may take
	 * @param probeSender sends a notice with the given payload on the channel, on a
	 * connection of the lock statements ({@link NoticeProbe})
	 */
	PostgresReleaseNotices(DataSource dataSource, String channel, LockNames names, Duration timeout,
			Consumer<String> probeSender) {
		this.dataSource = dataSource;
		this.probeSender = probeSender;
		this.channel = channel;
		this.names = names;
		this.timeoutSeconds = (int) Math.max(1, timeout.toSeconds());
	}

	/** Adds a listener, and starts listening with the first. */
	void addListener(ReleaseListener listener) {
		this.listeners.add(listener);
		start();
	}

	/** Starts listening, unless it listens, has no listener, or was closed. */
	void start() {
		this.lifecycle.lock();
		try {
			if (this.listener == null && !this.listeners.isEmpty() && !this.closed) {
				Thread thread = new Thread(this::listenWhileCurrent, "distlock-jdbc-notices");
				thread.setDaemon(true);
				this.listener = thread;
				thread.start();
			}
		}
		finally {
			this.lifecycle.unlock();
		}
	}

	ReleaseSubscription subscribe(String key) {
		return this.listeners.subscribe(key, this::isActive);
	}

	boolean isActive() {
		return this.listening;
	}

	private boolean isCurrent() {
		return this.listener == Thread.currentThread();
	}

	private void listenWhileCurrent() {
		long backoffMillis = 100;
		while (isCurrent()) {
			try (Connection connection = this.dataSource.getConnection()) {
				backoffMillis = 100;
				listen(connection);
			}
			catch (SQLException | RuntimeException ex) {
				logger.debug("Release notices of distributed locks stopped; listening again", ex);
			}
			finally {
				// Also when an Error ends this thread: waiters then look again on their
				// own. A thread
				// that a stop gave up waiting for leaves the flag to the one started
				// after it.
				if (isCurrent()) {
					this.listening = false;
				}
			}
			if (!pause(backoffMillis)) {
				return;
			}
			backoffMillis = Math.min(1000, backoffMillis * 2);
		}
	}

	private void listen(Connection connection) throws SQLException {
		connection.setAutoCommit(true);
		execute(connection, "LISTEN \"" + this.channel + "\"");
		try {
			receive(connection);
		}
		finally {
			unlisten(connection);
		}
	}

	/**
	 * Delivers notices while this thread is the listening one; notices are active from
	 * the moment a probe came back until one does not, when the connection is checked
	 * and, if broken, left.
	 */
	private void receive(Connection connection) throws SQLException {
		PGConnection notices = connection.unwrap(PGConnection.class);
		NoticeProbe probe = new NoticeProbe(this.probeSender);
		while (isCurrent()) {
			probe.sendIfDue(System.nanoTime());
			PGNotification[] received = notices.getNotifications(POLL_MILLIS);
			if (received != null) {
				for (PGNotification notification : received) {
					if (probe.cameBack(notification.getParameter())) {
						confirmed();
					}
					else {
						tell(notification);
					}
				}
			}
			if (probe.missed(System.nanoTime())) {
				this.listening = false;
				if (!connection.isValid(this.timeoutSeconds)) {
					return;
				}
			}
		}
	}

	/**
	 * A probe came back: notices are active, and if they were not, every subscribed
	 * lock's waiter is told to look again, since a release it awaited may have come
	 * before the connection listened.
	 */
	private void confirmed() {
		if (!this.listening) {
			this.listening = true;
			this.listeners.noticesResumed();
		}
	}

	private void tell(PGNotification notification) {
		String name = notification.getParameter();
		if (this.channel.equals(notification.getName()) && this.names.isOurs(name)) {
			this.listeners.released(this.names.keyOf(name));
		}
	}

	/** Runs one of this connection's own statements, bounded by the timeout. */
	private void execute(Connection connection, String sql) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			statement.setQueryTimeout(this.timeoutSeconds);
			statement.execute(sql);
		}
	}

	/**
	 * Stops listening before the connection goes back to the pool, where another user
	 * would otherwise go on receiving notices; a connection that cannot is aborted, not
	 * pooled.
	 */
	private void unlisten(Connection connection) {
		try {
			execute(connection, "UNLISTEN *");
		}
		catch (SQLException ex) {
			try {
				connection.abort(Runnable::run);
			}
			catch (SQLException abortFailure) {
				ex.addSuppressed(abortFailure);
			}
			logger.debug("Could not stop listening for release notices; dropped the connection", ex);
		}
	}

	private boolean pause(long millis) {
		try {
			Thread.sleep(millis);
			return isCurrent();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/**
	 * Stops listening and waits for the listening thread to give its connection back, as
	 * long as its last statements may take (a probe's wait for a connection and its
	 * network timeout, twice the query timeout, and the {@code UNLISTEN} after it) and a
	 * wait for notifications more.
	 */
	void stop() {
		this.lifecycle.lock();
		try {
			Thread thread = this.listener;
			if (thread == null) {
				return;
			}
			this.listener = null;
			this.listening = false;
			thread.interrupt();
			thread.join(this.timeoutSeconds * 5000L + POLL_MILLIS * 2L);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.lifecycle.unlock();
		}
	}

	/** Stops listening for good. */
	@Override
	public void close() {
		this.lifecycle.lock();
		try {
			this.closed = true;
			stop();
		}
		finally {
			this.lifecycle.unlock();
		}
	}

}
