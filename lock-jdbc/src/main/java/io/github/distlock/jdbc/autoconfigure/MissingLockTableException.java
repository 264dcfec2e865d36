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
