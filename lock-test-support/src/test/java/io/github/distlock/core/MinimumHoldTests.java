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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.memory.InMemoryLocker;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LockHandle#closeAfter}, the minimum hold: the lock stays held until the delay
 * ends, and a template stopped or closed meanwhile leaves it to expire in the store when
 * the delay ends, neither at once nor at the end of a long lease.
 */
class MinimumHoldTests {

	private final InMemoryLocker locker = new InMemoryLocker();

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

	private final ExecutorService otherThread = Executors.newSingleThreadExecutor();

	@AfterEach
	void tearDown() {
		this.otherThread.shutdownNow();
		this.template.close();
	}

	@Test
	void lockStaysHeldUntilTheDelayEndsThenIsReleased() throws Exception {
		long closedAt = System.nanoTime();
		closeAfter(acquire("k", Duration.ofSeconds(30)), Duration.ofMillis(300));
		assertThat(otherThreadTakes("k", Duration.ofSeconds(30))).isTrue();
		assertThat(Duration.ofNanos(System.nanoTime() - closedAt)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		assertThat(this.template.pendingReleases()).isZero();
	}

	@Test
	void theThreadThatLetGoNoLongerReentersTheLock() throws Exception {
		closeAfter(acquire("k", Duration.ofSeconds(30)), Duration.ofSeconds(60));
		assertThat(this.template.tryAcquire("k", null, Duration.ZERO)).isEmpty();
	}

	@Test
	void closingTheTemplateLeavesAFixedLeaseLockUntilTheDelayEnds() {
		closeAfter(acquire("k", Duration.ofMinutes(10)), Duration.ofSeconds(30));
		this.template.close();
		assertThat(this.locker.timesToLive().get("{k}")).isPositive().isLessThanOrEqualTo(30_000);
	}

	@Test
	void closingTheTemplateLeavesAWatchdogLockUntilTheDelayEndsBeyondItsLease() {
		closeAfter(acquire("k", null), Duration.ofSeconds(60));
		this.template.close();
		assertThat(this.locker.timesToLive().get("{k}")).isGreaterThan(30_000).isLessThanOrEqualTo(60_000);
	}

	@Test
	void closingTheTemplateNeverLengthensAFixedLease() {
		closeAfter(acquire("k", Duration.ofSeconds(5)), Duration.ofSeconds(60));
		this.template.close();
		assertThat(this.locker.timesToLive().get("{k}")).isPositive().isLessThanOrEqualTo(5_000);
	}

	@Test
	void aHoldLetGoOfOnceTheApplicationStoppedIsLeftToTheStoreAtOnce() {
		LockHandle handle = acquire("k", Duration.ofMinutes(10));
		this.template.stop();
		closeAfter(handle, Duration.ofSeconds(30));
		assertThat(this.template.pendingReleases()).isZero();
		assertThat(this.locker.timesToLive().get("{k}")).isPositive().isLessThanOrEqualTo(30_000);
	}

	// Before the fix the holding left to the store kept the key's local lock: the waiter
	// below timed
	// out although the store had let the lock go, and so did every caller after stop()
	// and start().
	@Test
	void aHoldLeftToTheStoreAsTheApplicationStopsPassesTheTurnOnWhenItEnds() throws Exception {
		closeAfter(acquire("k", Duration.ofMinutes(10)), Duration.ofMillis(200));
		Future<Boolean> queued = this.otherThread.submit(() -> takeAndClose("k", Duration.ofSeconds(10)));
		TemplateTesting.awaitQueued(this.template, "k", 1);
		this.template.stop();
		assertThat(queued.get(20, TimeUnit.SECONDS)).as("the waiter queued as the application stopped").isTrue();
		this.template.start();
		assertThat(takeAndClose("k", Duration.ofSeconds(10))).as("a caller after a restart").isTrue();
		assertThat(this.template.localLockCount()).isZero();
	}

	private boolean takeAndClose(String key, Duration wait) {
		return this.template.tryAcquire(key, null, wait).map((handle) -> {
			handle.close();
			return true;
		}).orElse(false);
	}

	private LockHandle acquire(String key, @Nullable Duration lease) {
		return this.template.tryAcquire(key, lease, Duration.ZERO).orElseThrow();
	}

	private static void closeAfter(LockHandle handle, Duration delay) {
		handle.closeAfter(delay);
	}

	private boolean otherThreadTakes(String key, Duration wait) throws Exception {
		return this.otherThread.submit(() -> takeAndClose(key, wait)).get(40, TimeUnit.SECONDS);
	}

}
