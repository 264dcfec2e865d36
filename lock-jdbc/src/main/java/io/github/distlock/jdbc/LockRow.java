package io.github.distlock.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * A lock's owner and the time left on its lease (or give-way), as a statement answered them.
 *
 * @param owner the owner token, or {@code null} when nobody holds the lock
 * @param leaseLeft time left, at least a millisecond
 */
record LockRow(@Nullable String owner, Duration leaseLeft) {

	static LockRow read(ResultSet results, int row) throws SQLException {
		return new LockRow(results.getString(1), leaseLeft(results.getLong(2)));
	}

	/** Whole milliseconds left, rounded down, and at least one so that a waiter looks again soon. */
	static Duration leaseLeft(long micros) {
		return Duration.ofMillis(Math.max(1, micros / 1000));
	}

}
