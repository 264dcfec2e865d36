package io.github.distlock.endpoint;

import java.time.Duration;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.FaultInjectingLocker;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.memory.InMemoryLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code locks} endpoint on a store that can, and one that cannot, tell who holds a lock.
 */
class LocksEndpointTests {

	private final FaultInjectingLocker locker = new FaultInjectingLocker(new InMemoryLocker());

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

	private final LocksEndpoint endpoint = new LocksEndpoint(this.template);

	@AfterEach
	void closeTemplate() {
		this.template.close();
	}

	@Test
	void tellsWhoHoldsALockWhenTheStoreCan() {
		try (LockHandle held = this.template.tryAcquire("orders:7", null, Duration.ZERO).orElseThrow()) {
			LocksEndpoint.LockDescriptor lock = this.endpoint.lock("orders", new String[] { "7" });
			assertThat(lock.held()).isTrue();
			assertThat(lock.holder()).isNotNull();
			assertThat(lock.holder().thisInstance()).isTrue();
		}
		assertThat(this.endpoint.lock("orders", new String[] { "7" }).held()).isFalse();
	}

	@Test
	void saysNothingOfTheStoreWhenItCannotTellButStillShowsThisInstancesPart() {
		this.locker.before("find", () -> {
			throw new UnsupportedOperationException("this store cannot tell who holds a lock");
		});
		try (LockHandle held = this.template.tryAcquire("orders:7", null, Duration.ZERO).orElseThrow()) {
			LocksEndpoint.LockDescriptor lock = this.endpoint.lock("orders", new String[] { "7" });
			assertThat(lock.held()).isNull();
			assertThat(lock.holder()).isNull();
			assertThat(lock.local().held()).singleElement().satisfies((local) -> assertThat(local.key()).isEqualTo("7"));
		}
	}

}
