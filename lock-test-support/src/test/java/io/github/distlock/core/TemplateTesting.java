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

import io.github.distlock.LockHandle;
import org.jspecify.annotations.Nullable;

import static org.awaitility.Awaitility.await;

/**
 * Small helpers the core tests share: take a lock, queue a waiter and wait until it is
 * queued.
 */
final class TemplateTesting {

	private TemplateTesting() {
	}

	static LockHandle acquire(DefaultLockTemplate template, String key, @Nullable Duration lease, Duration wait) {
		return template.tryAcquire(key, lease, wait).orElseThrow();
	}

	/** Starts a waiter on another thread and returns once it has queued for the lock. */
	static CompletableFuture<Optional<LockHandle>> queueWaiter(DefaultLockTemplate template, String key,
			@Nullable Duration lease, Duration wait) {
		int queuedBefore = template.queued(key);
		CompletableFuture<Optional<LockHandle>> waiter = CompletableFuture
			.supplyAsync(() -> template.tryAcquire(key, lease, wait), TemplateTesting::runOnNewThread);
		awaitQueued(template, key, queuedBefore + 1);
		return waiter;
	}

	static void awaitQueued(DefaultLockTemplate template, String key, int count) {
		await().atMost(Duration.ofSeconds(10))
			.pollInterval(Duration.ofMillis(1))
			.until(() -> template.queued(key) >= count);
	}

	/** A thread per task: waiters must not starve each other in a small common pool. */
	static void runOnNewThread(Runnable task) {
		Thread thread = new Thread(task, "test-waiter");
		thread.setDaemon(true);
		thread.start();
	}

	static void block(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
