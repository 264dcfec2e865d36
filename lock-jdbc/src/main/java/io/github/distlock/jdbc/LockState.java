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

import org.jspecify.annotations.Nullable;

import io.github.distlock.store.Release;

/**
 * A lock's row as a release that changed nothing finds it, to tell a lock that is gone
 * from one another owner holds.
 *
 * @param owner the owner token, or {@code null} when nobody holds the lock
 * @param releasedOwner the owner that released it last
 * @param leaseLeftMicros microseconds left on the owner's lease (negative once it ran
 * out)
 */
record LockState(@Nullable String owner, @Nullable String releasedOwner, long leaseLeftMicros) {

	static LockState read(ResultSet results, int row) throws SQLException {
		return new LockState(results.getString(1), results.getString(2), results.getLong(3));
	}

	/**
	 * Taken when another owner's lease runs; gone otherwise, and when this owner released
	 * it already.
	 */
	Release releaseAnswer(String releasing) {
		boolean takenByAnother = this.owner != null && !this.owner.equals(releasing) && this.leaseLeftMicros > 0;
		return (takenByAnother && !releasing.equals(this.releasedOwner)) ? Release.TAKEN : Release.GONE;
	}

}
