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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Renewal;

/**
 * Renews a batch of leases with one {@code UPDATE} per chunk of {@link #CHUNK} leases,
 * which answers the locks it renewed and whether other processes wait for them: by
 * {@code RETURNING} on PostgreSQL, {@code FINAL TABLE} on H2, and by a second statement
 * on MySQL, whose {@code UPDATE} returns no rows.
 */
final class JdbcRenewals {

	/** Leases per statement: three parameters each, well below every driver's limit. */
	static final int CHUNK = 500;

	private static final String UPDATE = """
			UPDATE {table} SET expires_at = {now} + CASE {leases} END
			WHERE (lock_name, owner_token) IN ({locks}) AND expires_at > {now}""";

	private static final String ANSWER = """
			lock_name, owner_token, CASE WHEN waiting_until > {now} AND waiter <> :process THEN 1 ELSE 0 END""";

	private final LockSql sql;

	private final LockConnections connections;

	private final LockNames names;

	private final String processId;

	JdbcRenewals(LockSql sql, LockConnections connections, LockNames names, String processId) {
		this.sql = sql;
		this.connections = connections;
		this.names = names;
		this.processId = processId;
	}

	List<Renewal> renew(List<LeaseRequest> leases) {
		List<Renewal> answers = new ArrayList<>(leases.size());
		for (int start = 0; start < leases.size(); start += CHUNK) {
			answers.addAll(renewChunk(leases.subList(start, Math.min(leases.size(), start + CHUNK))));
		}
		return answers;
	}

	private List<Renewal> renewChunk(List<LeaseRequest> leases) {
		Map<String, Object> parameters = new HashMap<>();
		// A batch comes from one template's lease keeper: its process.
		parameters.put("process", Locker.processOf(leases.get(0).owner(), this.processId));
		StringJoiner cases = new StringJoiner(" ");
		StringJoiner locks = new StringJoiner(", ");
		for (int i = 0; i < leases.size(); i++) {
			LeaseRequest lease = leases.get(i);
			parameters.put("k" + i, this.names.of(lease.key()));
			parameters.put("o" + i, lease.owner());
			parameters.put("l" + i, JdbcLocker.micros(lease.lease()));
			cases.add("WHEN lock_name = :k" + i + " AND owner_token = :o" + i + " THEN :l" + i);
			locks.add("(:k" + i + ", :o" + i + ")");
		}
		String update = this.sql
			.fill(UPDATE.replace("{leases}", cases.toString()).replace("{locks}", locks.toString()));
		Set<String> renewed = new HashSet<>();
		Set<String> awaited = new HashSet<>();
		for (RenewedLock lock : renewAndAnswer(update, locks.toString(), parameters)) {
			renewed.add(lock.id());
			if (lock.othersWaiting()) {
				awaited.add(lock.id());
			}
		}
		List<Renewal> answers = new ArrayList<>(leases.size());
		for (LeaseRequest lease : leases) {
			String id = new RenewedLock(this.names.of(lease.key()), lease.owner(), false).id();
			answers.add(renewed.contains(id) ? Renewal.renewed(awaited.contains(id)) : Renewal.LOST);
		}
		return answers;
	}

	private List<RenewedLock> renewAndAnswer(String update, String locks, Map<String, Object> parameters) {
		String answer = this.sql.fill(ANSWER);
		String sql = switch (this.sql.database()) {
			case POSTGRESQL -> update + " RETURNING " + answer;
			case H2 -> "SELECT " + answer + " FROM FINAL TABLE (" + update + ")";
			case MYSQL -> "SELECT " + answer + this.sql
				.fill(" FROM {table} WHERE (lock_name, owner_token) IN (" + locks + ") AND expires_at > {now}");
		};
		if (this.sql.database() == LockDatabase.MYSQL) {
			// An owner's lock still held after the update was renewed by it: nobody else
			// can take a held lock.
			this.connections.update(update, parameters);
		}
		return this.connections.query(sql, parameters,
				(results, row) -> new RenewedLock(results.getString(1), results.getString(2), results.getInt(3) == 1));
	}

	/** A lock that an owner renewed, and whether other processes wait for it. */
	private record RenewedLock(String name, String owner, boolean othersWaiting) {

		String id() {
			return this.name + "\n" + this.owner;
		}

	}

}
