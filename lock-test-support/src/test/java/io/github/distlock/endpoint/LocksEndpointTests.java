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

package io.github.distlock.endpoint;

import java.time.Duration;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.test.support.FaultInjectingLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code locks} endpoint on a store that can, and one that cannot, tell who holds a
 * lock.
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
			assertThat(lock.local().held()).singleElement()
				.satisfies((local) -> assertThat(local.key()).isEqualTo("7"));
		}
	}

}
