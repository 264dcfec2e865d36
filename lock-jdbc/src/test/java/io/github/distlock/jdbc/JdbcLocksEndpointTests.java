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
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.endpoint.HolderAsSeenElsewhere;
import io.github.distlock.endpoint.LocksEndpoint.HolderDescriptor;
import io.github.distlock.endpoint.LocksEndpoint;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code locks} endpoint on each database: an instance asked about a lock another
 * instance holds names that instance and the lease left in the table.
 */
class JdbcLocksEndpointTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void tellsWhichInstanceHoldsALockAndHowLongItsLeaseLasts(TestDatabase database) {
		try (JdbcLockFixture fixture = new JdbcLockFixture(database);
				DefaultLockTemplate holderTemplate = template(fixture, "billing-1");
				DefaultLockTemplate asker = template(fixture, "billing-2")) {
			HolderDescriptor holder = HolderAsSeenElsewhere.holder(holderTemplate, "billing-1", LEASE,
					new LocksEndpoint(asker));
			assertThat(holder.leaseLeftMillis()).isPositive().isLessThanOrEqualTo(LEASE.toMillis());
		}
	}

	private static DefaultLockTemplate template(JdbcLockFixture fixture, String instance) {
		return new DefaultLockTemplate(fixture.locker(), WatchdogSettings.watchdogLease(LEASE), List.of(), instance);
	}

}
