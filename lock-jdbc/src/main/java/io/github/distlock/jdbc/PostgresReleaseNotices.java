package io.github.distlock.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiConsumer;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import io.github.distlock.core.ReleaseListener;
import io.github.distlock.core.ReleaseSubscription;

/**
 * Release notices on PostgreSQL: one connection per locker {@code LISTEN}s on the table's channel,
 * on which the release statement {@code NOTIFY}s the name of a lock someone waited for. Listeners
 * are told of the locks this process subscribed to, counted per lock here, so subscribing costs no
 * round trip. A lost connection is opened again, backing off up to a second; until it listens,
 * notices are not active, and once it does, every subscribed lock's waiter is told to look again.
 * {@link #stop()} ends the listening thread and waits for it, so that the connection is given back
 * (or closed) before whoever stops next closes the data source.
 */
final class PostgresReleaseNotices implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(PostgresReleaseNotices.class);

	/** How long one wait for notifications lasts, so that closing takes no longer. */
	private static final int POLL_MILLIS = 250;

	/** How long the connection may stay silent before it is checked. */
	private static final Duration CHECK_AFTER = Duration.ofSeconds(5);

	private final DataSource dataSource;

	private final String channel;

	private final LockNames names;

	private final int timeoutSeconds;

	private final List<ReleaseListener> listeners = new CopyOnWriteArrayList<>();

	private final ConcurrentHashMap<String, Integer> subscriptions = new ConcurrentHashMap<>();

	/** Guards starting and stopping the listening thread. */
	private final Lock lifecycle = new ReentrantLock();

	private volatile boolean listening;

	private boolean closed;

	/** Whether a listening thread listened once, so that listening again resumes notices. */
	private volatile boolean listenedBefore;

	/** The listening thread; a thread that is no longer this one ends. */
	private volatile @Nullable Thread listener;

	PostgresReleaseNotices(DataSource dataSource, String channel, LockNames names, Duration timeout) {
		this.dataSource = dataSource;
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
		this.subscriptions.merge(key, 1, Integer::sum);
		AtomicBoolean open = new AtomicBoolean(true);
		return new ReleaseSubscription() {

			@Override
			public boolean isActive() {
				return PostgresReleaseNotices.this.listening;
			}

			@Override
			public void close() {
				if (open.compareAndSet(true, false)) {
					PostgresReleaseNotices.this.subscriptions.computeIfPresent(key, (k, count) -> (count > 1) ? count - 1 : null);
				}
			}

		};
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
				// Also when an Error ends this thread: waiters then look again on their own.
				this.listening = false;
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

	private void receive(Connection connection) throws SQLException {
		PGConnection notices = connection.unwrap(PGConnection.class);
		this.listening = true;
		if (this.listenedBefore) {
			this.subscriptions.keySet().forEach((key) -> tellEach(key, ReleaseListener::noticesResumed));
		}
		this.listenedBefore = true;
		long quietSince = System.nanoTime();
		while (isCurrent()) {
			PGNotification[] received = notices.getNotifications(POLL_MILLIS);
			if (received != null && received.length > 0) {
				quietSince = System.nanoTime();
				for (PGNotification notification : received) {
					tell(notification);
				}
			}
			else if (System.nanoTime() - quietSince > CHECK_AFTER.toNanos()) {
				if (!connection.isValid(this.timeoutSeconds)) {
					return;
				}
				quietSince = System.nanoTime();
			}
		}
	}

	private void tell(PGNotification notification) {
		String name = notification.getParameter();
		if (!this.channel.equals(notification.getName()) || !this.names.isOurs(name)) {
			return;
		}
		String key = this.names.keyOf(name);
		if (this.subscriptions.containsKey(key)) {
			tellEach(key, ReleaseListener::released);
		}
	}

	/** Tells every listener, each on its own: one that fails must not stop this thread. */
	private void tellEach(String key, BiConsumer<ReleaseListener, String> call) {
		for (ReleaseListener listener : this.listeners) {
			try {
				call.accept(listener, key);
			}
			catch (Throwable ex) {
				logger.warn("A release listener of distributed locks failed on '" + key + "'", ex);
			}
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
	 * Stops listening before the connection goes back to the pool, where another user would
	 * otherwise go on receiving notices; a connection that cannot is aborted, not pooled.
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
	 * Stops listening and waits for the listening thread to give its connection back, as long as
	 * its statements may take and a wait for notifications more.
	 */
	void stop() {
		this.lifecycle.lock();
		try {
			Thread thread = this.listener;
			if (thread == null) {
				return;
			}
			this.listener = null;
			thread.interrupt();
			thread.join(this.timeoutSeconds * 1000L + POLL_MILLIS * 2L);
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
