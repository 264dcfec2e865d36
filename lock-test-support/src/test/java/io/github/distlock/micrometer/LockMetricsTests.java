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

package io.github.distlock.micrometer;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import io.github.distlock.LockHandle;
import io.github.distlock.LockStoreException;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.test.support.FaultInjectingLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The meters of {@link LockMetrics} after known work, through a template over an
 * in-memory store.
 */
class LockMetricsTests {

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final InMemoryLocker memory = new InMemoryLocker();

	private final FaultInjectingLocker locker = new FaultInjectingLocker(this.memory);

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			new WatchdogSettings(Duration.ofMillis(600), Duration.ofMillis(100), null),
			List.of(new LockMetrics(this.registry)));

	private final ExecutorService otherThread = Executors.newSingleThreadExecutor();

	@AfterEach
	void tearDown() {
		this.otherThread.shutdownNow();
		this.template.close();
	}

	@Test
	void acquisitionsAreTimedByOutcomeAndTaggedWithTheLockNameNeverItsKey() throws Exception {
		for (int id = 1; id <= 5; id++) {
			this.template.tryAcquire("goods:" + id, Duration.ofSeconds(30), Duration.ZERO).orElseThrow().close();
		}
		try (LockHandle held = otherThreadHolds("goods:9")) {
			for (int i = 0; i < 3; i++) {
				assertThat(this.template.tryAcquire("goods:9", Duration.ofSeconds(30), Duration.ZERO)).isEmpty();
			}
		}
		this.locker.before("acquire", () -> {
			throw new IllegalStateException("store down");
		});
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> this.template.tryAcquire("stock", Duration.ofSeconds(30), Duration.ZERO));
		assertThat(acquisitions("goods", "acquired")).isEqualTo(6);
		assertThat(acquisitions("goods", "busy")).isEqualTo(3);
		assertThat(acquisitions("unnamed", "failed")).isOne();
		assertThat(this.registry.get("distlock.holds").tag("name", "goods").timer().count()).isEqualTo(6);
		assertThat(this.registry.find("distlock.acquisitions").tagKeys("key").meters()).isEmpty();
		assertThat(gauge("distlock.held", "goods")).isZero();
		assertThat(gauge("distlock.waiting", "goods")).isZero();
	}

	@Test
	void holdersAndWaitersAreGaugedAndALocalHandOverCounted() throws Exception {
		LockHandle held = this.template.tryAcquire("goods:1", Duration.ofSeconds(30), Duration.ZERO).orElseThrow();
		assertThat(gauge("distlock.held", "goods")).isOne();
		Future<Boolean> waiter = this.otherThread
			.submit(() -> this.template.tryAcquire("goods:1", null, Duration.ofSeconds(30)).map((handle) -> {
				handle.close();
				return true;
			}).orElse(false));
		await().atMost(Duration.ofSeconds(10)).until(() -> gauge("distlock.waiting", "goods") == 1);
		held.close();
		assertThat(waiter.get(10, TimeUnit.SECONDS)).isTrue();
		assertThat(this.registry.get("distlock.handovers").tag("name", "goods").counter().count()).isOne();
		assertThat(gauge("distlock.held", "goods")).isZero();
		assertThat(gauge("distlock.waiting", "goods")).isZero();
	}

	@Test
	void renewalsAndLostLeasesAreCounted() {
		LockHandle held = this.template.tryAcquire("jobs:report", null, Duration.ZERO).orElseThrow();
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.registry.get("distlock.renewals").tag("name", "jobs").counter().count() >= 1);
		this.memory.clear();
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.registry.get("distlock.leases.lost").tag("name", "jobs").counter().count() == 1);
		held.close();
	}

	@Test
	void aHandleDroppedWithoutBeingClosedIsNoLongerGaugedOnceCollected() {
		takeAndDrop("jobs:leaked");
		assertThat(gauge("distlock.held", "jobs")).isOne();
		await().atMost(Duration.ofSeconds(20)).until(() -> {
			System.gc();
			return gauge("distlock.held", "jobs") == 0;
		});
	}

	@Test
	void aMinimumHoldLeftToTheStoreAsTheApplicationStopsIsNoLongerGauged() {
		LockHandle held = this.template.tryAcquire("jobs:nightly", Duration.ofMinutes(10), Duration.ZERO).orElseThrow();
		held.closeAfter(Duration.ofMinutes(1));
		assertThat(gauge("distlock.held", "jobs")).isOne();
		this.template.stop();
		assertThat(gauge("distlock.held", "jobs")).isZero();
		assertThat(this.registry.get("distlock.holds").tag("name", "jobs").timer().count()).isOne();
	}

	@Test
	void aReleaseThatCannotReachTheStoreIsCounted() {
		LockHandle held = this.template.tryAcquire("goods:1", Duration.ofSeconds(30), Duration.ZERO).orElseThrow();
		this.locker.before("release", () -> {
			throw new IllegalStateException("store down");
		});
		held.close();
		assertThat(this.registry.get("distlock.releases.failed").tag("name", "goods").counter().count()).isOne();
	}

	private void takeAndDrop(String key) {
		assertThat(this.template.tryAcquire(key, null, Duration.ZERO)).isPresent();
	}

	private long acquisitions(String name, String outcome) {
		return this.registry.get("distlock.acquisitions").tag("name", name).tag("outcome", outcome).timer().count();
	}

	private double gauge(String meter, String name) {
		return this.registry.get(meter).tag("name", name).gauge().value();
	}

	private LockHandle otherThreadHolds(String key) throws Exception {
		return this.otherThread
			.submit(() -> this.template.tryAcquire(key, Duration.ofSeconds(30), Duration.ZERO).orElseThrow())
			.get(10, TimeUnit.SECONDS);
	}

}
