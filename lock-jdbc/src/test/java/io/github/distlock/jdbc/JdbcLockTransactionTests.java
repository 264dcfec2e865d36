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

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.jdbc.datasource.TransactionAwareDataSourceProxy;
import org.springframework.transaction.support.TransactionTemplate;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.Release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Lock statements run outside the caller's transaction on the same data source: a
 * rollback does not undo a lock, other connections see a lock before the caller commits,
 * and the caller's transaction holds no row lock of the lock table.
 */
class JdbcLockTransactionTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void rollbackDoesNotUndoALockTakenInTheTransaction(TestDatabase database) {
		try (JdbcLockFixture fixture = new JdbcLockFixture(database)) {
			JdbcLocker locker = fixture.locker();
			transactions(fixture).executeWithoutResult((status) -> {
				assertThat(locker.tryAcquire("rolled-back", "first", LEASE, Duration.ZERO))
					.isEqualTo(Acquisition.ACQUIRED);
				status.setRollbackOnly();
			});
			assertThat(fixture.locker().tryAcquire("rolled-back", "second", LEASE, Duration.ZERO).acquired()).isFalse();
			assertThat(locker.release("rolled-back", "first")).isEqualTo(Release.RELEASED);
		}
	}

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void lockTakenInATransactionIsSeenByOtherConnectionsBeforeItCommits(TestDatabase database) {
		try (JdbcLockFixture fixture = new JdbcLockFixture(database)) {
			JdbcLocker locker = fixture.locker();
			String seen = transactions(fixture).execute((status) -> {
				locker.tryAcquire("uncommitted", "first", LEASE, Duration.ZERO);
				return CompletableFuture.supplyAsync(() -> ownerSeenByAnotherConnection(fixture, "lock:uncommitted"))
					.orTimeout(10, TimeUnit.SECONDS)
					.join();
			});
			assertThat(seen).isEqualTo("first");
		}
	}

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void lockTakenInATransactionLeavesNoRowLockInIt(TestDatabase database) {
		try (JdbcLockFixture fixture = new JdbcLockFixture(database)) {
			JdbcLocker locker = fixture.locker();
			Release release = transactions(fixture).execute((status) -> {
				locker.tryAcquire("row", "first", LEASE, Duration.ZERO);
				// Had the acquire joined this transaction, its row lock would hold this
				// release until the commit.
				return CompletableFuture.supplyAsync(() -> locker.release("row", "first"))
					.orTimeout(10, TimeUnit.SECONDS)
					.join();
			});
			assertThat(release).isEqualTo(Release.RELEASED);
		}
	}

	@Test
	void lockThroughAWrappedTransactionAwareProxyLeavesTheCallersWorkToItsTransaction() {
		try (JdbcLockFixture fixture = new JdbcLockFixture(TestDatabase.H2)) {
			DataSource wrapped = new DelegatingDataSource(new TransactionAwareDataSourceProxy(fixture.dataSource));
			writeLockAndRollBack(fixture, wrapped,
					(locker) -> assertThat(locker.tryAcquire("wrapped", "first", LEASE, Duration.ZERO))
						.isEqualTo(Acquisition.ACQUIRED));
			assertThat(fixture.locker().tryAcquire("wrapped", "second", LEASE, Duration.ZERO).acquired()).isFalse();
		}
	}

	@Test
	void dataSourceHandingOutTheTransactionsConnectionIsRefusedBeforeItCommitsAnything() {
		try (JdbcLockFixture fixture = new JdbcLockFixture(TestDatabase.H2)) {
			DataSource opaque = new DelegatingDataSource(new TransactionAwareDataSourceProxy(fixture.dataSource)) {

				@Override
				public boolean isWrapperFor(Class<?> iface) {
					return false;
				}

			};
			writeLockAndRollBack(fixture, opaque,
					(locker) -> assertThatIllegalStateException()
						.isThrownBy(() -> locker.tryAcquire("opaque", "first", LEASE, Duration.ZERO))
						.withMessageContaining("connection of the current transaction"));
		}
	}

	/**
	 * In a transaction, writes a row of the caller's, locks with a locker on the given
	 * data source, checks that no other connection sees the row, and rolls back; then
	 * checks the row is gone.
	 */
	private static void writeLockAndRollBack(JdbcLockFixture fixture, DataSource lockerDataSource,
			Consumer<JdbcLocker> lock) {
		JdbcTemplate jdbc = new JdbcTemplate(fixture.dataSource);
		jdbc.execute("CREATE TABLE " + fixture.table + "_work (id INT)");
		try (JdbcLocker locker = new JdbcLocker(lockerDataSource, fixture.table, fixture.keyPrefix,
				JdbcLockFixture.TIMEOUT)) {
			transactions(fixture).executeWithoutResult((status) -> {
				jdbc.update("INSERT INTO " + fixture.table + "_work VALUES (1)");
				lock.accept(locker);
				assertThat(rowsSeenByAnotherConnection(fixture)).as("the caller's uncommitted rows").isZero();
				status.setRollbackOnly();
			});
			assertThat(rowsSeenByAnotherConnection(fixture)).as("the caller's rolled back rows").isZero();
		}
		finally {
			jdbc.execute("DROP TABLE " + fixture.table + "_work");
		}
	}

	private static long rowsSeenByAnotherConnection(JdbcLockFixture fixture) {
		return CompletableFuture
			.supplyAsync(() -> new JdbcTemplate(fixture.dataSource)
				.queryForObject("SELECT COUNT(*) FROM " + fixture.table + "_work", Long.class))
			.orTimeout(10, TimeUnit.SECONDS)
			.join();
	}

	private static TransactionTemplate transactions(JdbcLockFixture fixture) {
		return new TransactionTemplate(new DataSourceTransactionManager(fixture.dataSource));
	}

	private static String ownerSeenByAnotherConnection(JdbcLockFixture fixture, String name) {
		try (Connection connection = fixture.dataSource.getConnection();
				PreparedStatement select = connection
					.prepareStatement("SELECT owner_token FROM " + fixture.table + " WHERE lock_name = ?")) {
			select.setString(1, name);
			try (ResultSet results = select.executeQuery()) {
				return results.next() ? results.getString(1) : null;
			}
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
