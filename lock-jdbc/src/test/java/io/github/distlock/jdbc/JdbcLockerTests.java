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

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * What the lock table holds after the JDBC locker's statements, beyond the {@code Locker}
 * contract, on H2.
 */
class JdbcLockerTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private final JdbcLockFixture fixture = new JdbcLockFixture(TestDatabase.H2);

	private final JdbcTemplate jdbc = new JdbcTemplate(this.fixture.dataSource);

	@AfterEach
	void dropTable() {
		this.fixture.close();
	}

	@Test
	void attemptThatWillNotWaitRecordsNoWaiter() {
		this.fixture.locker().tryAcquire("busy", "holder", LEASE, Duration.ZERO);
		this.fixture.locker().tryAcquire("busy", "caller", LEASE, Duration.ZERO);
		assertThat(column("waiter", "busy")).isNull();
	}

	@Test
	void attemptThatWillWaitRecordsItsProcessUntilItsWaitEnds() {
		this.fixture.locker().tryAcquire("awaited", "holder", LEASE, Duration.ZERO);
		this.fixture.locker().tryAcquire("awaited", "caller", LEASE, Duration.ofSeconds(10));
		assertThat(column("waiter", "awaited")).isNotNull().isNotEqualTo("*");
		this.fixture.locker().tryAcquire("awaited", "another", LEASE, Duration.ofSeconds(10));
		assertThat(column("waiter", "awaited")).isEqualTo("*");
	}

	@Test
	void lockGivenWayWithoutNoticesIsLeftForAWaitersNextLook() {
		JdbcLocker giver = this.fixture.locker();
		giver.tryAcquire("given", "holder", LEASE, Duration.ZERO);
		this.fixture.locker().tryAcquire("given", "caller", LEASE, Duration.ofSeconds(10));
		giver.giveWay("given", "holder");
		// Waiters without notices look again every 200 ms; a window shorter than that
		// could pass unseen.
		assertThat(this.fixture.timesToLive().get(this.fixture.keyPrefix + ":given")).isGreaterThan(200);
	}

	@Test
	void lockNameLongerThanTheColumnFailsNamingTheLimit() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.fixture.locker().tryAcquire("k".repeat(300), "owner", LEASE, Duration.ZERO))
			.withMessageContaining("takes 255");
	}

	private String column(String column, String key) {
		return this.jdbc.queryForObject("SELECT " + column + " FROM " + this.fixture.table + " WHERE lock_name = ?",
				String.class, this.fixture.keyPrefix + ":" + key);
	}

}
