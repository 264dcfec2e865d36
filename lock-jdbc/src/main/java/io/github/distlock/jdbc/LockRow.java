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

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * A lock's owner and the time left on its lease (or give-way), as a statement answered
 * them.
 *
 * @param owner the owner token, or {@code null} when nobody holds the lock
 * @param leaseLeft time left, at least a millisecond
 */
record LockRow(@Nullable String owner, Duration leaseLeft) {

	static LockRow read(ResultSet results, int row) throws SQLException {
		return new LockRow(results.getString(1), leaseLeft(results.getLong(2)));
	}

	/**
	 * Whole milliseconds left, rounded down, and at least one so that a waiter looks
	 * again soon.
	 */
	static Duration leaseLeft(long micros) {
		return Duration.ofMillis(Math.max(1, micros / 1000));
	}

}
