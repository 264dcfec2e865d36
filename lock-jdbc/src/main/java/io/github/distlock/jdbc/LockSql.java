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

/**
 * The lock table's statements for one database and table name (JDBC.md, "Statements").
 * Each runs on its own auto-commit connection, so each is one transaction. Assignments
 * are written in the order MySQL needs, which applies them one by one: every condition
 * reads columns not yet assigned.
 */
final class LockSql {

	/**
	 * The holder's lease is running, or this process gave the lock way and the give-way
	 * runs.
	 */
	private static final String BUSY = """
			(COALESCE({l}owner_token, '') <> :owner AND {l}expires_at > {now} \
			AND ({l}owner_token IS NOT NULL OR {l}given_way_by = :process))""";

	private static final String TAKE_OR_WAIT = """
			waiter = CASE WHEN {busy} AND :waitUs > 0 THEN
					CASE WHEN {l}waiter IS NULL OR {l}waiting_until <= {now} OR {l}waiter = :process THEN :process ELSE '*' END
				ELSE {l}waiter END,
			waiting_until = CASE WHEN {busy} AND :waitUs > 0
				THEN GREATEST(CASE WHEN {l}waiting_until > {now} THEN {l}waiting_until ELSE 0 END, {now} + :waitUs)
				ELSE {l}waiting_until END,
			given_way_by = CASE WHEN {busy} THEN {l}given_way_by ELSE NULL END,
			owner_token = CASE WHEN {busy} THEN {l}owner_token ELSE :owner END,
			expires_at = CASE WHEN {busy} THEN {l}expires_at ELSE {now} + :leaseUs END""";

	private static final String ACQUIRE_POSTGRESQL = """
			INSERT INTO {table} AS l (lock_name, owner_token, expires_at) VALUES (:key, :owner, {now} + :leaseUs)
			ON CONFLICT (lock_name) DO UPDATE SET {takeOrWait}
			RETURNING {l}owner_token, {l}expires_at - {now}""";

	private static final String ACQUIRE_MYSQL = """
			INSERT INTO {table} (lock_name, owner_token, expires_at) VALUES (:key, :owner, {now} + :leaseUs)
			ON DUPLICATE KEY UPDATE {takeOrWait}
			RETURNING {l}owner_token, {l}expires_at - {now}""";

	private static final String ACQUIRE_H2 = """
			SELECT owner_token, expires_at - {now} FROM FINAL TABLE (
			MERGE INTO {table} USING (VALUES (CAST(:key AS VARCHAR(255)))) AS r(new_name) ON lock_name = r.new_name
			WHEN MATCHED THEN UPDATE SET {takeOrWait}
			WHEN NOT MATCHED THEN INSERT (lock_name, owner_token, expires_at) VALUES (:key, :owner, {now} + :leaseUs))""";

	/**
	 * Someone waits, and the giving process is not the only one: leave the lock to the
	 * others.
	 */
	private static final String GIVES_WAY = "(waiting_until > {now} AND waiter <> :giver AND :giver <> '')";

	private static final String RELEASE = """
			UPDATE {table} SET
			given_way_by = CASE WHEN {givesWay} THEN :giver ELSE NULL END,
			expires_at = CASE WHEN {givesWay} THEN LEAST({now} + :giveWayUs, waiting_until) ELSE {now} END,
			released_owner = owner_token,
			owner_token = NULL, waiter = NULL, waiting_until = 0
			{notices}
			WHERE lock_name = :key AND owner_token = :owner AND expires_at > {now}{noticesReturned}""";

	/** PostgreSQL tells the listening processes of a release that someone waited for. */
	private static final String NOTICES = "FROM (SELECT waiting_until AS awaited_until FROM {table} "
			+ "WHERE lock_name = :key FOR UPDATE) AS earlier";

	private static final String NOTICES_RETURNED = """

			RETURNING (SELECT COUNT(*) FROM (SELECT pg_notify(:channel, :key) WHERE earlier.awaited_until > {now}) AS sent)""";

	private static final String STATE = """
			SELECT owner_token, released_owner, expires_at - {now} FROM {table} WHERE lock_name = :key""";

	private static final String FENCE_CONDITION = "owner_token = :owner AND expires_at > {now}";

	private static final String FENCE_POSTGRESQL = """
			UPDATE {table} SET fencing_token = GREATEST({now}, fencing_token + 1)
			WHERE lock_name = :key AND {held} RETURNING fencing_token""";

	/**
	 * MySQL returns no rows from an {@code UPDATE}; an upsert does (a gone lock leaves a
	 * free row).
	 */
	private static final String FENCE_MYSQL = """
			INSERT INTO {table} (lock_name, expires_at) VALUES (:key, 0) ON DUPLICATE KEY UPDATE
			fencing_token = CASE WHEN {held} THEN GREATEST({now}, fencing_token + 1) ELSE fencing_token END
			RETURNING CASE WHEN {held} THEN fencing_token ELSE 0 END""";

	private static final String FENCE_H2 = """
			SELECT fencing_token FROM FINAL TABLE (UPDATE {table} SET fencing_token = GREATEST({now}, fencing_token + 1)
			WHERE lock_name = :key AND {held})""";

	private static final String FIND = """
			SELECT owner_token, expires_at - {now} FROM {table}
			WHERE lock_name = :key AND owner_token IS NOT NULL AND expires_at > {now}""";

	private final LockDatabase database;

	private final String table;

	private final String acquire;

	private final String release;

	private final String state;

	private final String fence;

	private final String find;

	LockSql(LockDatabase database, String table) {
		this.database = database;
		this.table = table;
		this.acquire = acquire(database);
		this.release = release(database);
		this.state = fill(STATE);
		this.fence = fill(switch (database) {
			case POSTGRESQL -> FENCE_POSTGRESQL;
			case MYSQL -> FENCE_MYSQL;
			case H2 -> FENCE_H2;
		}).replace("{held}", fill(FENCE_CONDITION));
		this.find = fill(FIND);
	}

	/** PostgreSQL wants the existing row's columns qualified in {@code DO UPDATE}. */
	private String acquire(LockDatabase database) {
		String upsert = switch (database) {
			case POSTGRESQL -> ACQUIRE_POSTGRESQL;
			case MYSQL -> ACQUIRE_MYSQL;
			case H2 -> ACQUIRE_H2;
		};
		return fill(upsert.replace("{takeOrWait}", TAKE_OR_WAIT)
			.replace("{busy}", BUSY)
			.replace("{l}", (database == LockDatabase.POSTGRESQL) ? "l." : ""));
	}

	private String release(LockDatabase database) {
		boolean notices = database == LockDatabase.POSTGRESQL;
		return fill(RELEASE.replace("{givesWay}", GIVES_WAY)
			.replace("{notices}", notices ? NOTICES : "")
			.replace("{noticesReturned}", notices ? NOTICES_RETURNED : ""));
	}

	/** Sends a probe of release notices (PostgreSQL): a notice that is no lock's name. */
	String probe() {
		return "SELECT pg_notify(:channel, :payload)";
	}

	/** The channel release notices are sent on: the table's name. */
	String channel() {
		return this.table;
	}

	LockDatabase database() {
		return this.database;
	}

	/**
	 * Takes the lock or records a waiter; answers the owner and the microseconds left on
	 * its lease.
	 */
	String acquire() {
		return this.acquire;
	}

	/** Frees the lock if the owner holds it; changes one row or none. */
	String release() {
		return this.release;
	}

	/**
	 * The lock's owner, last releasing owner and microseconds left, to tell gone from
	 * taken.
	 */
	String state() {
		return this.state;
	}

	/** Mints a fencing token for a holding owner; answers it, zero, or no row. */
	String fence() {
		return this.fence;
	}

	/** The owner and microseconds left of a held lock, or no row. */
	String find() {
		return this.find;
	}

	/** The statement with the table's name and the database's clock filled in. */
	String fill(String sql) {
		return sql.replace("{table}", this.table).replace("{now}", this.database.now());
	}

}
