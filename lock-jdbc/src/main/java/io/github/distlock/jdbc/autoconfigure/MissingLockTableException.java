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

package io.github.distlock.jdbc.autoconfigure;

import io.github.distlock.jdbc.LockDatabase;

/**
 * Thrown at start-up when the lock table does not exist and is not to be created; its
 * {@link MissingLockTableFailureAnalyzer} shows the DDL.
 *
 * @since 0.1.0
 */
public class MissingLockTableException extends RuntimeException {

	private final String table;

	private final LockDatabase database;

	private final String ddl;

	/**
	 * Creates an exception for a missing lock table.
	 * @param table the table's name
	 * @param database the database it should be in
	 * @param ddl the statement that creates it
	 */
	public MissingLockTableException(String table, LockDatabase database, String ddl) {
		super("The lock table '" + table + "' of distributed locks does not exist in the " + database.platform()
				+ " database");
		this.table = table;
		this.database = database;
		this.ddl = ddl;
	}

	/**
	 * Returns the missing table's name.
	 * @return the name
	 */
	public String getTable() {
		return this.table;
	}

	/**
	 * Returns the database the table should be in.
	 * @return the database
	 */
	public LockDatabase getDatabase() {
		return this.database;
	}

	/**
	 * Returns the statement that creates the table.
	 * @return the DDL
	 */
	public String getDdl() {
		return this.ddl;
	}

}
