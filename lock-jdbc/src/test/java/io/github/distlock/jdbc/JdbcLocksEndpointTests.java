package io.github.distlock.jdbc;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.LockSettings;
import io.github.distlock.endpoint.LocksEndpoint;
import io.github.distlock.endpoint.LocksEndpoint.LockDescriptor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code locks} endpoint on each database: an instance asked about a lock another instance
 * holds names that instance and the lease left in the table.
 */
class JdbcLocksEndpointTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void tellsWhichInstanceHoldsALockAndHowLongItsLeaseLasts(TestDatabase database) {
		try (JdbcLockFixture fixture = new JdbcLockFixture(database);
				DefaultLockTemplate holder = template(fixture, "billing-1");
				DefaultLockTemplate asker = template(fixture, "billing-2")) {
			LocksEndpoint endpoint = new LocksEndpoint(asker);
			try (LockHandle held = holder.tryAcquire("orders:7", LEASE, Duration.ZERO).orElseThrow()) {
				LockDescriptor lock = endpoint.lock("orders", new String[] { "7" });
				assertThat(lock.held()).isTrue();
				assertThat(lock.holder()).isNotNull().satisfies((who) -> {
					assertThat(who.instance()).isEqualTo("billing-1");
					assertThat(who.thisInstance()).isFalse();
					assertThat(who.since()).isNotNull();
					assertThat(who.leaseLeftMillis()).isPositive().isLessThanOrEqualTo(LEASE.toMillis());
				});
			}
			assertThat(endpoint.lock("orders", new String[] { "7" }).held()).isFalse();
		}
	}

	private static DefaultLockTemplate template(JdbcLockFixture fixture, String instance) {
		return new DefaultLockTemplate(fixture.locker(), LockSettings.watchdogLease(LEASE), List.of(), instance);
	}

}
