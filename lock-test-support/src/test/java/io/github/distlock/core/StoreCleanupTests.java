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

package io.github.distlock.core;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.test.support.FaultInjectingLocker;
import org.junit.jupiter.api.Test;

import static io.github.distlock.core.TemplateTesting.block;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Background releases after failed calls: retried while the store does not answer,
 * bounded.
 */
class StoreCleanupTests {

	private static final Duration LEASE = Duration.ofMinutes(1);

	@Test
	void queueStaysBoundedWhileTheStoreHangs() {
		FaultInjectingLocker locker = new FaultInjectingLocker(new InMemoryLocker());
		CountDownLatch storeBack = new CountDownLatch(1);
		locker.before("release", () -> block(storeBack));
		try (StoreCleanup cleanup = new StoreCleanup(locker, Timing.SYSTEM)) {
			for (int i = 0; i < StoreCleanup.CAPACITY * 2; i++) {
				cleanup.releaseLater("k" + i, "owner", LEASE);
			}
			assertThat(cleanup.queued()).isLessThanOrEqualTo(StoreCleanup.CAPACITY);
			storeBack.countDown();
		}
	}

	@Test
	void aReleaseIsSentAgainUntilTheStoreAnswers() {
		InMemoryLocker store = new InMemoryLocker();
		FaultInjectingLocker locker = new FaultInjectingLocker(store);
		store.tryAcquire("left", "owner", LEASE, Duration.ZERO);
		AtomicInteger failuresLeft = new AtomicInteger(3);
		locker.before("release", () -> {
			if (failuresLeft.getAndDecrement() > 0) {
				throw new IllegalStateException("the master is down");
			}
		});
		try (StoreCleanup cleanup = new StoreCleanup(locker, Timing.SYSTEM)) {
			cleanup.releaseLater("left", "owner", LEASE);
			await().atMost(Duration.ofSeconds(10)).until(() -> store.find("left").isEmpty());
			assertThat(locker.calls("release")).isEqualTo(4);
			assertThat(cleanup.queued()).isZero();
		}
	}

	@Test
	void aReleaseIsNotSentOnceTheLeaseItCouldHaveLeftHasRunOut() {
		FaultInjectingLocker locker = new FaultInjectingLocker(new InMemoryLocker());
		locker.before("release", () -> {
			throw new IllegalStateException("the master is down");
		});
		try (StoreCleanup cleanup = new StoreCleanup(locker, Timing.SYSTEM)) {
			cleanup.releaseLater("left", "owner", Duration.ofMillis(300));
			await().atMost(Duration.ofSeconds(10)).until(() -> cleanup.queued() == 0);
			long calls = locker.calls("release");
			cleanup.releaseLater("other", "owner", Duration.ZERO);
			await().atMost(Duration.ofSeconds(10)).until(() -> cleanup.queued() == 0);
			assertThat(locker.calls("release")).isEqualTo(calls);
		}
	}

}
