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
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.memory.InMemoryLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.distlock.core.TemplateTesting.acquire;
import static io.github.distlock.core.TemplateTesting.queueWaiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What a template tells operators: the locks its instance holds and waits for
 * ({@link DefaultLockTemplate#activity()}), and who holds a lock in the store
 * ({@link DefaultLockTemplate#holder(String)}), as seen from this instance and from
 * another.
 */
class LockActivityTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final InMemoryLocker locker = new InMemoryLocker();

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(LEASE), List.of(), "orders (pid 1 on web-1)");

	private final DefaultLockTemplate otherInstance = new DefaultLockTemplate(this.locker.otherProcess(),
			WatchdogSettings.watchdogLease(LEASE), List.of(), "orders (pid 2 on web-2)");

	@AfterEach
	void tearDown() {
		this.template.close();
		this.otherInstance.close();
	}

	@Test
	void aHeldLockShowsItsThreadLeaseAndFencingTokenOnceMinted() {
		Instant before = Instant.now();
		try (LockHandle handle = acquire(this.template, "goods:42", LEASE, Duration.ZERO)) {
			LockActivity.Held held = onlyHeld();
			assertThat(held.key()).isEqualTo("goods:42");
			assertThat(held.thread()).isEqualTo(Thread.currentThread().getName());
			assertThat(held.since()).isBetween(before.minusMillis(1), Instant.now().plusMillis(1));
			assertThat(held.leaseLeft()).isPositive().isLessThanOrEqualTo(LEASE);
			assertThat(held.watchdog()).isFalse();
			assertThat(held.fencingToken()).isNull();
			long token = handle.fencingToken();
			assertThat(onlyHeld().fencingToken()).isEqualTo(token);
		}
		assertThat(this.template.activity().held()).isEmpty();
	}

	@Test
	void aWatchdogLockSaysSo() {
		try (LockHandle handle = acquire(this.template, "report", null, Duration.ZERO)) {
			assertThat(onlyHeld().watchdog()).isTrue();
		}
	}

	@Test
	void aThreadQueuedBehindTheHolderWaitsButIsNotAtTheStore() throws Exception {
		CompletableFuture<Optional<LockHandle>> waiter;
		try (LockHandle handle = acquire(this.template, "goods:42", LEASE, Duration.ZERO)) {
			waiter = queueWaiter(this.template, "goods:42", LEASE, WAIT);
			LockActivity.Waiting waiting = onlyWaiting(this.template);
			assertThat(waiting.key()).isEqualTo("goods:42");
			assertThat(waiting.thread()).isEqualTo("test-waiter");
			assertThat(waiting.atStore()).isFalse();
		}
		waiter.get(10, TimeUnit.SECONDS).orElseThrow().close();
		assertThat(this.template.activity().waiting()).isEmpty();
	}

	@Test
	void theThreadWaitingForAnotherInstanceIsAtTheStore() throws Exception {
		CompletableFuture<Optional<LockHandle>> waiter;
		try (LockHandle handle = acquire(this.otherInstance, "goods:42", LEASE, Duration.ZERO)) {
			waiter = CompletableFuture.supplyAsync(() -> this.template.tryAcquire("goods:42", LEASE, WAIT),
					TemplateTesting::runOnNewThread);
			await().atMost(WAIT).until(() -> !this.template.activity().waiting().isEmpty());
			assertThat(onlyWaiting(this.template).atStore()).isTrue();
			assertThat(this.template.activity().held()).isEmpty();
		}
		waiter.get(10, TimeUnit.SECONDS).orElseThrow().close();
	}

	@Test
	void everyInstanceTellsWhoHoldsALockWithoutItsSecret() {
		Instant before = Instant.now();
		try (LockHandle handle = acquire(this.otherInstance, "goods:42", LEASE, Duration.ZERO)) {
			LockHolder seenHere = this.template.holder("goods:42").orElseThrow();
			assertThat(seenHere.instance()).isEqualTo("orders (pid 2 on web-2)");
			assertThat(seenHere.since()).isBetween(before.minusMillis(1), Instant.now().plusMillis(1));
			assertThat(seenHere.thisInstance()).isFalse();
			assertThat(seenHere.leaseLeft()).isPositive().isLessThanOrEqualTo(LEASE);
			assertThat(this.otherInstance.holder("goods:42").orElseThrow().thisInstance()).isTrue();
		}
		assertThat(this.template.holder("goods:42")).isEmpty();
	}

	@Test
	void aLockNotWrittenByDistlockHasAnUnknownHolder() {
		this.locker.tryAcquire("goods:42", "written-by-hand", LEASE, Duration.ZERO);
		LockHolder holder = this.template.holder("goods:42").orElseThrow();
		assertThat(holder.instance()).isEqualTo(LockHolder.UNKNOWN_INSTANCE);
		assertThat(holder.since()).isNull();
		assertThat(holder.thisInstance()).isFalse();
	}

	@Test
	void theStoreTakesTheLockWithTheTimeOfTheAttemptThatTookItNotOfTheFirstAttempt() throws Exception {
		CompletableFuture<Optional<LockHandle>> waiter;
		Instant releasing;
		try (LockHandle handle = acquire(this.otherInstance, "goods:42", LEASE, Duration.ZERO)) {
			waiter = CompletableFuture.supplyAsync(() -> this.template.tryAcquire("goods:42", LEASE, WAIT),
					TemplateTesting::runOnNewThread);
			await().atMost(WAIT).until(() -> !this.template.activity().waiting().isEmpty());
			TemplateTesting.sleep(Duration.ofMillis(50));
			// Before the release: the waiter may take the lock before close() returns.
			releasing = Instant.now();
		}
		try (LockHandle handle = waiter.get(10, TimeUnit.SECONDS).orElseThrow()) {
			// Tokens count whole milliseconds, so the time may read up to 1 ms early.
			assertThat(this.template.holder("goods:42").orElseThrow().since())
				.isAfterOrEqualTo(releasing.minusMillis(1));
		}
	}

	private LockActivity.Held onlyHeld() {
		List<LockActivity.Held> held = this.template.activity().held();
		assertThat(held).hasSize(1);
		return held.get(0);
	}

	private static LockActivity.Waiting onlyWaiting(DefaultLockTemplate template) {
		List<LockActivity.Waiting> waiting = template.activity().waiting();
		assertThat(waiting).hasSize(1);
		return waiting.get(0);
	}

}
