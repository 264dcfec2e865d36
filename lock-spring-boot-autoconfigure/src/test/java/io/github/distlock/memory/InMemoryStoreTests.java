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

package io.github.distlock.memory;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Memory of {@link InMemoryStore} in an application that runs on it for long.
 */
class InMemoryStoreTests {

	private static final Duration LEASE = Duration.ofMillis(1);

	private final InMemoryStore store = new InMemoryStore();

	@Test
	void keysNobodyReadsAgainAreDroppedOnceExpired() throws InterruptedException {
		for (int i = 0; i < 1023; i++) {
			this.store.acquire("once:" + i, "owner", LEASE, Duration.ZERO, "process");
		}
		Thread.sleep(LEASE.multipliedBy(5).toMillis());
		this.store.acquire("last", "owner", Duration.ofMinutes(1), Duration.ZERO, "process");
		assertThat(this.store.size()).isOne();
		assertThat(this.store.timesToLive()).containsOnlyKeys("{last}");
	}

}
