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

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.util.ClassUtils;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;

/**
 * The {@link Locker} on a database table: one row per lock name, each operation one
 * statement on its own auto-commit connection, outside the application's transactions;
 * leases and fencing tokens on the database's clock. The table and statements are
 * described in {@code JDBC.md} beside this class. On PostgreSQL, with its JDBC driver,
 * waiters are told of releases by {@code LISTEN}/{@code NOTIFY}; elsewhere release
 * notices are not active, and waiters look again at short intervals, one thread per
 * process and lock.
 *
 * <p>
 * It works from construction, so it also works outside an application context. As a
 * {@link SmartLifecycle} in {@link #PHASE} it stops listening for release notices, and
 * waits for its listening connection to be given back, after the components that take
 * locks have stopped and before the application's data source closes; started again, it
 * listens again. {@link #close()} is final.
 *
 * @since 0.1.0
 */
public final class JdbcLocker implements Locker, SmartLifecycle, AutoCloseable {

	/**
	 * The lifecycle phase of the locker: below the lock template's, so it stops after the
	 * work that takes locks, and above the default phase of beans that are not lifecycles
	 * (a data source, 0), which close after every lifecycle has stopped.
	 */
	public static final int PHASE = 1024;

	/** The lock table's name when none is configured, as in the schema scripts. */
	public static final String DEFAULT_TABLE = "distlock_locks";

	/**
	 * How long a lock given way is left to the waiters of other processes: long enough
	 * for one of them to be told and take it, short enough that a waiter which gave up
	 * meanwhile costs little.
	 */
	static final Duration GIVE_WAY = Duration.ofMillis(100);

	/**
	 * The shortest give-way while release notices are not active (always on MariaDB and
	 * H2): a waiter then looks again every {@link Locker#LOOK_AGAIN_WITHOUT_NOTICES}, so
	 * a window that long, and a round trip, holds one look of every waiter.
	 */
	static final Duration GIVE_WAY_WITHOUT_NOTICES = Locker.LOOK_AGAIN_WITHOUT_NOTICES.plusMillis(50);

	private final LockSql sql;

	private final LockConnections connections;

	private final LockNames names;

	private final JdbcRenewals renewals;

	private final @Nullable PostgresReleaseNotices notices;

	/** Tells this process's attempts and waiters from other processes'. */
	private final String processId = UUID.randomUUID().toString();

	private final long giveWayMicros;

	private final long giveWayWithoutNoticesMicros;

	/**
	 * Whether {@link #start()} was called since construction or the last {@link #stop()}.
	 */
	private volatile boolean started;

	/**
	 * Creates a locker on a table of the given data source's database. On PostgreSQL it
	 * listens for release notices on a connection of the same data source, which it keeps
	 * while it listens: a pool needs one connection more for it; the other constructor
	 * gives the listener a data source of its own.
	 * @param dataSource the application's data source
	 * @param table the lock table's name, for example {@link #DEFAULT_TABLE}
	 * @param keyPrefix first part of every lock's name, for example {@code lock}
	 * @param timeout how long one statement may take before it fails, and how long a call
	 * waits for a connection from the data source (JDBC.md, "Bounded calls")
	 */
	public JdbcLocker(DataSource dataSource, String table, String keyPrefix, Duration timeout) {
		this(dataSource, dataSource, table, keyPrefix, timeout);
	}

	/**
	 * Creates a locker on a table of the given data source's database that, on
	 * PostgreSQL, listens for release notices on a connection of
	 * {@code noticesDataSource}, kept while it listens.
	 * @param dataSource the application's data source
	 * @param noticesDataSource connections to the same database that keep their session
	 * (not through a transaction pooler), for example one physical connection at a time
	 * @param table the lock table's name, for example {@link #DEFAULT_TABLE}
	 * @param keyPrefix first part of every lock's name, for example {@code lock}
	 * @param timeout how long one statement may take before it fails
	 */
	public JdbcLocker(DataSource dataSource, DataSource noticesDataSource, String table, String keyPrefix,
			Duration timeout) {
		this(dataSource, noticesDataSource, table, keyPrefix, timeout, GIVE_WAY);
	}

	/**
	 * Creates a locker that leaves a lock given way to other processes for
	 * {@code giveWay}.
	 */
	JdbcLocker(DataSource dataSource, DataSource noticesDataSource, String table, String keyPrefix, Duration timeout,
			Duration giveWay) {
		this.connections = new LockConnections(dataSource, timeout);
		this.sql = new LockSql(LockDatabase.of(this.connections.dataSource()), LockTableName.checked(table));
		this.names = new LockNames(keyPrefix);
		this.renewals = new JdbcRenewals(this.sql, this.connections, this.names, this.processId);
		this.notices = (this.sql.database() == LockDatabase.POSTGRESQL
				&& ClassUtils.isPresent("org.postgresql.PGConnection", JdbcLocker.class.getClassLoader()))
						? new PostgresReleaseNotices(noticesDataSource, table, this.names, timeout, this::sendProbe)
						: null;
		this.giveWayMicros = micros(giveWay);
		this.giveWayWithoutNoticesMicros = Math.max(this.giveWayMicros, micros(GIVE_WAY_WITHOUT_NOTICES));
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		Map<String, Object> parameters = Map.of("key", this.names.of(key), "owner", owner, "leaseUs", micros(lease),
				"waitUs", (willWait.isNegative() || willWait.isZero()) ? 0L : micros(willWait), "process",
				Locker.processOf(owner, this.processId));
		LockRow row;
		try {
			row = acquireRow(parameters, willWait);
		}
		catch (DuplicateKeyException ex) {
			// H2's MERGE of a new lock name may race another; the row exists now, so the
			// next one updates it.
			row = acquireRow(parameters, willWait);
		}
		return owner.equals(row.owner()) ? Acquisition.ACQUIRED : Acquisition.busy(row.leaseLeft());
	}

	private LockRow acquireRow(Map<String, Object> parameters, Duration willWait) {
		return this.connections.query(this.sql.acquire(), parameters, LockRow::read, willWait).get(0);
	}

	@Override
	public Release release(String key, String owner) {
		return release(key, owner, "");
	}

	@Override
	public Release giveWay(String key, String owner) {
		return release(key, owner, Locker.processOf(owner, this.processId));
	}

	private Release release(String key, String owner, String giver) {
		String name = this.names.of(key);
		long giveWayUs = releaseNoticesActive() ? this.giveWayMicros : this.giveWayWithoutNoticesMicros;
		Map<String, Object> parameters = Map.of("key", name, "owner", owner, "giver", giver, "giveWayUs", giveWayUs,
				"channel", this.sql.channel());
		if (this.connections.update(this.sql.release(), parameters) > 0) {
			return Release.RELEASED;
		}
		List<LockState> states = this.connections.query(this.sql.state(), Map.of("key", name), LockState::read);
		return states.isEmpty() ? Release.GONE : states.get(0).releaseAnswer(owner);
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		return this.renewals.renew(leases);
	}

	@Override
	public long fence(String key, String owner) {
		List<Long> tokens = this.connections.query(this.sql.fence(), Map.of("key", this.names.of(key), "owner", owner),
				(results, row) -> results.getLong(1));
		return tokens.isEmpty() ? 0 : tokens.get(0);
	}

	@Override
	@SuppressWarnings("NullAway") // the find statement selects only rows whose
									// owner_token IS NOT NULL
	public Optional<StoredLock> find(String key) {
		return this.connections.query(this.sql.find(), Map.of("key", this.names.of(key)), LockRow::read)
			.stream()
			.findFirst()
			.map((row) -> new StoredLock(row.owner(), row.leaseLeft()));
	}

	/** Asks the database for an answer within the statement timeout. */
	@Override
	public void ping() {
		if (!this.connections.isValid()) {
			throw new IllegalStateException("The lock table's database did not answer in time");
		}
	}

	@Override
	public void onRelease(ReleaseListener listener) {
		if (this.notices != null) {
			this.notices.addListener(listener);
		}
	}

	/**
	 * Counts the subscription in this process, at once: the listening connection hears
	 * every release someone waited for, so there is nothing to confirm.
	 */
	@Override
	public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		return (this.notices != null) ? this.notices.subscribe(key) : Locker.super.subscribe(key, confirmWithin);
	}

	/** Only PostgreSQL, through its JDBC driver, sends release notices. */
	@Override
	public boolean sendsReleaseNotices() {
		return this.notices != null;
	}

	/**
	 * Whether release notices reach this process: on PostgreSQL, while a probe sent on
	 * the lock statements' connections comes back on the listening one.
	 */
	@Override
	public boolean releaseNoticesActive() {
		return this.notices != null && this.notices.isActive();
	}

	/**
	 * Returns the database the lock table lives in.
	 * @return the database
	 */
	public LockDatabase database() {
		return this.sql.database();
	}

	/**
	 * Listens for release notices again after {@link #stop()}, once anyone listens to
	 * them.
	 */
	@Override
	public void start() {
		this.started = true;
		if (this.notices != null) {
			this.notices.start();
		}
	}

	/**
	 * Stops listening for release notices, and waits for the listening connection to be
	 * given back.
	 */
	@Override
	public void stop() {
		this.started = false;
		if (this.notices != null) {
			this.notices.stop();
		}
	}

	/**
	 * Whether it was started and has not stopped since; it takes locks either way until
	 * closed.
	 */
	@Override
	public boolean isRunning() {
		return this.started;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

	/**
	 * Stops listening for release notices for good, waiting for the listening connection
	 * to be given back.
	 */
	@Override
	public void close() {
		if (this.notices != null) {
			this.notices.close();
		}
	}

	/**
	 * Sends a probe of release notices (PostgreSQL), on a connection of the lock
	 * statements.
	 */
	private void sendProbe(String payload) {
		this.connections.query(this.sql.probe(), Map.of("channel", this.sql.channel(), "payload", payload),
				(results, row) -> row);
	}

	/**
	 * Whole milliseconds, at least one, as microseconds: how the table counts a lease or
	 * a wait.
	 */
	static long micros(Duration duration) {
		return Math.max(1, duration.toMillis()) * 1000;
	}

}
