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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A lock table of its own, for one test, on a {@link TestDatabase}: lockers on it, and
 * what the table holds. Closing it closes the lockers and drops the table.
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

	/**
	 * The locks held or given way, with the milliseconds left on each (expired rows are
	 * free).
	 */
	Map<String, Long> timesToLive() {
		String now = this.database == TestDatabase.MARIADB ? LockDatabase.MYSQL.now()
				: LockDatabase.valueOf(this.database.name()).now();
		return this.jdbc
			.queryForList("SELECT lock_name, (expires_at - " + now + ") / 1000 AS ttl FROM " + this.table
					+ " WHERE expires_at > " + now)
			.stream()
			.collect(Collectors.toMap((row) -> (String) row.get("lock_name"),
					(row) -> ((Number) row.get("ttl")).longValue()));
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
