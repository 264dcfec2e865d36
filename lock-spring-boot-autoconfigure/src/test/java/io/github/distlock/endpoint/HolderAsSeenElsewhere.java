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

import org.jspecify.annotations.Nullable;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.endpoint.LocksEndpoint.HolderDescriptor;
import io.github.distlock.endpoint.LocksEndpoint.LockDescriptor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the {@code locks} endpoint of one instance tells of a lock another instance holds,
 * for the tests of each store: the holder named, not this instance, since when, and the
 * lock free again once released.
 */
public final class HolderAsSeenElsewhere {

	private HolderAsSeenElsewhere() {
	}

	/**
	 * Holds {@code orders:7} through {@code holder} and asks {@code endpoint}, of another
	 * instance, who holds it.
	 * @param holder the template of the instance named {@code holderInstance}
	 * @param holderInstance that instance's name
	 * @param lease the lease to hold the lock with, {@code null} for the watchdog's
	 * @param endpoint the endpoint of another instance on the same store
	 * @return who holds it, as the endpoint told while it was held
	 */
	public static HolderDescriptor holder(LockTemplate holder, String holderInstance, @Nullable Duration lease,
			LocksEndpoint endpoint) {
		HolderDescriptor seen;
		try (LockHandle held = holder.tryAcquire("orders:7", lease, Duration.ZERO).orElseThrow()) {
			LockDescriptor lock = endpoint.lock("orders", new String[] { "7" });
			assertThat(lock.held()).isTrue();
			seen = lock.holder();
			assertThat(seen).isNotNull();
			assertThat(seen.instance()).isEqualTo(holderInstance);
			assertThat(seen.thisInstance()).isFalse();
			assertThat(seen.since()).isNotNull();
		}
		assertThat(endpoint.lock("orders", new String[] { "7" }).held()).isFalse();
		return seen;
	}

}
