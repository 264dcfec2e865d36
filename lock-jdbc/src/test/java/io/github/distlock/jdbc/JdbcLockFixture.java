package io.github.distlock.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A lock table of its own, for one test, on a {@link TestDatabase}: lockers on it, and what the
 * table holds. Closing it closes the lockers and drops the table.
 */
final class JdbcLockFixture implements AutoCloseable {

	static final Duration TIMEOUT = Duration.ofSeconds(10);

	final TestDatabase database;

	final DataSource dataSource;

	final String table = "distlock_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);

	final String keyPrefix = "lock";

	private final JdbcTemplate jdbc;

	private final List<JdbcLocker> lockers = new ArrayList<>();

	JdbcLockFixture(TestDatabase database) {
		this.database = database;
		this.dataSource = database.dataSource();
		this.jdbc = new JdbcTemplate(this.dataSource);
		new LockTable(this.dataSource, this.table, TIMEOUT).create();
	}

	JdbcLocker locker() {
		return track(new JdbcLocker(this.dataSource, this.table, this.keyPrefix, TIMEOUT));
	}

	JdbcLocker lockerGivingWayFor(Duration giveWay) {
		return track(new JdbcLocker(this.dataSource, this.dataSource, this.table, this.keyPrefix, TIMEOUT, giveWay));
	}

	/** Empties the table, as a database restored from a backup without it. */
	void truncate() {
		this.jdbc.execute("TRUNCATE TABLE " + this.table);
	}

	/** The locks held or given way, with the milliseconds left on each (expired rows are free). */
	Map<String, Long> timesToLive() {
		String now = this.database == TestDatabase.MARIADB ? LockDatabase.MYSQL.now()
				: LockDatabase.valueOf(this.database.name()).now();
		return this.jdbc
			.queryForList("SELECT lock_name, (expires_at - " + now + ") / 1000 AS ttl FROM " + this.table
					+ " WHERE expires_at > " + now)
			.stream()
			.collect(Collectors.toMap((row) -> (String) row.get("lock_name"), (row) -> ((Number) row.get("ttl")).longValue()));
	}

	private JdbcLocker track(JdbcLocker locker) {
		this.lockers.add(locker);
		return locker;
	}

	@Override
	public void close() {
		this.lockers.forEach(JdbcLocker::close);
		this.jdbc.execute("DROP TABLE " + this.table);
	}

}
