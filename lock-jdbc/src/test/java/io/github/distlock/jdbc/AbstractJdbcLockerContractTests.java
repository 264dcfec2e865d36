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
import java.util.Map;

import org.junit.jupiter.api.AfterEach;

import io.github.distlock.store.Locker;
import io.github.distlock.test.support.AbstractLockerContractTests;

/**
 * The {@link Locker} contract on a lock table of each test's own, on one database.
 */
abstract class AbstractJdbcLockerContractTests extends AbstractLockerContractTests {

	private final JdbcLockFixture fixture;

	private final JdbcLocker locker;

	private final JdbcLocker otherProcess;

	private final boolean notices;

	AbstractJdbcLockerContractTests(TestDatabase database) {
		this.notices = database == TestDatabase.POSTGRESQL;
		this.fixture = new JdbcLockFixture(database);
		this.locker = this.fixture.locker();
		this.otherProcess = this.fixture.locker();
	}

	@AfterEach
	void dropTable() {
		this.fixture.close();
	}

	@Override
	protected Locker locker() {
		return this.locker;
	}

	@Override
	protected Locker otherProcess() {
		return this.otherProcess;
	}

	@Override
	protected Locker processGivingWayFor(Duration giveWay) {
		return this.fixture.lockerGivingWayFor(giveWay);
	}

	@Override
	protected void loseAllData() {
		this.fixture.truncate();
	}

	@Override
	protected Map<String, Long> timesToLive() {
		return this.fixture.timesToLive();
	}

	/**
	 * A few thousand: each lock costs several statements on a shared two-core machine.
	 */
	@Override
	protected int footprintLocks() {
		return 2_000;
	}

	/**
	 * PostgreSQL's {@code LISTEN}/{@code NOTIFY} only: the other databases' waiters look
	 * again at short intervals.
	 */
	@Override
	protected boolean deliversReleaseNotices() {
		return this.notices;
	}

}
