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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.LockHandle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.distlock.core.TemplateTesting.acquire;
import static io.github.distlock.core.TemplateTesting.awaitQueued;
import static io.github.distlock.core.TemplateTesting.block;
import static io.github.distlock.core.TemplateTesting.queueWaiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * When a process subscribes to a lock's release notices (PROTOCOL.md, "Release notices"):
 * only while one of its threads waits for it, once however many wait, and before the
 * attempt whose busy answer it waits on.
 */
class ReleaseSubscriptionTests {

	private static final Duration LONG_LEASE = Duration.ofSeconds(60);

	private final TwoProcesses processes = new TwoProcesses();

	@AfterEach
	void closeProcesses() {
		this.processes.close();
	}

	// Invariant 9: a release between the busy answer and the subscription is announced to
	// nobody here.
	@Test
	void releaseBetweenBusyAnswerAndSubscriptionIsNotMissed() {
		LockHandle held = acquire(this.processes.otherProcess(), "k", LONG_LEASE, Duration.ZERO);
		CountDownLatch busyAnswered = new CountDownLatch(1);
		CountDownLatch released = new CountDownLatch(1);
		AtomicInteger attempts = new AtomicInteger();
		this.processes.locker().after("acquire", () -> {
			if (attempts.incrementAndGet() == 1) {
				busyAnswered.countDown();
				block(released);
			}
		});
		CompletableFuture<Optional<LockHandle>> waiter = CompletableFuture.supplyAsync(
				() -> this.processes.template().tryAcquire("k", LONG_LEASE, LONG_LEASE),
				TemplateTesting::runOnNewThread);
		block(busyAnswered);
		assertThat(this.processes.locker().subscriptions("k")).isZero();
		held.close();
		released.countDown();
		// Without an attempt right after subscribing, the waiter would sleep for the
		// holder's 60 s lease.
		try (LockHandle taken = waiter.orTimeout(10, TimeUnit.SECONDS).join().orElseThrow()) {
			assertThat(taken.isHeld()).isTrue();
		}
		assertThat(attempts).hasValue(2);
	}

	// Invariants 10 and 11.
	@Test
	void subscribesOnceWhileAnyThreadWaitsAndNotWhenNobodyDoes() {
		try (LockHandle free = acquire(this.processes.template(), "k", LONG_LEASE, Duration.ZERO)) {
			assertThat(this.processes.locker().subscriptions("k")).as("taken free: nobody waited").isZero();
		}
		LockHandle held = acquire(this.processes.otherProcess(), "k", LONG_LEASE, Duration.ZERO);
		CompletableFuture<Optional<LockHandle>> atStore = CompletableFuture.supplyAsync(
				() -> this.processes.template().tryAcquire("k", LONG_LEASE, LONG_LEASE),
				TemplateTesting::runOnNewThread);
		await().atMost(Duration.ofSeconds(10)).until(() -> this.processes.locker().subscriptions("k") == 1);
		CompletableFuture<Optional<LockHandle>> queued = queueWaiter(this.processes.template(), "k", LONG_LEASE,
				LONG_LEASE);
		awaitQueued(this.processes.template(), "k", 1);
		assertThat(this.processes.locker().subscriptions("k")).isOne();
		held.close();
		LockHandle first = atStore.orTimeout(10, TimeUnit.SECONDS).join().orElseThrow();
		assertThat(this.processes.locker().subscriptions("k")).as("a thread still waits").isOne();
		first.close();
		queued.orTimeout(10, TimeUnit.SECONDS).join().orElseThrow().close();
		assertThat(this.processes.locker().subscriptions("k")).as("nobody waits").isZero();
	}

}
