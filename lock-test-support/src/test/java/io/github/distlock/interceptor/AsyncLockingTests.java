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

package io.github.distlock.interceptor;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockContext;
import io.github.distlock.LockHandle;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.test.support.FaultInjectingLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Locks held by work that completes later, on other threads: no holding stays re-entrant
 * for the thread that took it, and none leaks.
 */
class AsyncLockingTests {

	private final FaultInjectingLocker locker = new FaultInjectingLocker(new InMemoryLocker());

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(Duration.ofSeconds(3)));

	/**
	 * Threads of the test's own: a small common pool (one thread on two cores, from JDK
	 * 25) would starve them.
	 */
	private final ExecutorService threads = Executors.newCachedThreadPool();

	@AfterEach
	void tearDown() {
		this.threads.shutdownNow();
		this.template.close();
	}

	@Test
	void overlappingSubscriptionsOnOneKeyRunOneAtATime() {
		Jobs target = new Jobs();
		Jobs jobs = proxy(target);
		Flux.merge(jobs.reactive(1), Mono.delay(Duration.ofMillis(50)).then(jobs.reactive(1)))
			.collectList()
			.block(Duration.ofSeconds(10));
		assertThat(target.mostAtOnce.get()).isOne();
	}

	@Test
	void reactiveBodyRunsOnlyOnceLockIsHeld() {
		Jobs target = new Jobs();
		Jobs jobs = proxy(target);
		Mono<String> result = jobs.reactive(2);
		assertThat(target.bodyRuns.get()).as("nothing runs before subscription").isZero();
		assertThat(result.block(Duration.ofSeconds(10))).isEqualTo("done under jobs:2");
		assertThat(target.bodyRuns.get()).isOne();
	}

	@Test
	void cancellingWhileLockIsHandedOverReleasesIt() throws Exception {
		Jobs jobs = proxy(new Jobs());
		LockHandle holder = this.template.tryAcquire("jobs:3", null, Duration.ZERO).orElseThrow();
		Disposable subscription = jobs.reactive(3).subscribe();
		Thread.sleep(200);
		CompletableFuture<Void> release = CompletableFuture.runAsync(holder::close, this.threads);
		Thread.sleep(100);
		subscription.dispose();
		release.get(5, TimeUnit.SECONDS);
		await().atMost(Duration.ofSeconds(5)).until(() -> otherThreadCanTake("jobs:3"));
	}

	@Test
	void multiLockOfPendingFutureIsNotReenteredByCallingThread() {
		Jobs jobs = proxy(new Jobs());
		jobs.later(List.of("a", "b"));
		assertThatExceptionOfType(LockNotAcquiredException.class).isThrownBy(() -> jobs.later(List.of("a", "b")));
	}

	@Test
	void completionStageLockIsReleasedOffTheThreadThatCompletesIt() {
		AtomicReference<String> releasedOn = new AtomicReference<>();
		this.locker.before("release", () -> releasedOn.set(Thread.currentThread().getName()));
		Jobs target = new Jobs();
		Jobs jobs = proxy(target);
		CompletableFuture<String> pending = jobs.later(List.of("loop"));
		Thread eventLoop = new Thread(() -> target.pending.complete("done"), "event-loop");
		eventLoop.start();
		assertThat(pending.orTimeout(10, TimeUnit.SECONDS).join()).isEqualTo("done");
		assertThat(releasedOn.get()).as("released before the returned stage completes, on a release thread")
			.startsWith("distlock-release-");
	}

	@Test
	void nestedAsyncCallLeavesOuterHolderReentrant() {
		Jobs target = new Jobs();
		Jobs jobs = proxy(target);
		target.self = jobs;
		target.template = this.template;
		assertThat(jobs.outer("x")).as("outer synchronous holder re-enters its own lock").isPresent();
	}

	private boolean otherThreadCanTake(String key) {
		return CompletableFuture.supplyAsync(() -> this.template.tryAcquire(key, null, Duration.ZERO).map((handle) -> {
			handle.close();
			return true;
		}).orElse(false), this.threads).join();
	}

	private Jobs proxy(Jobs target) {
		return LockProxies.proxy(target, true, this.template, Duration.ofSeconds(5));
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	public static class Jobs {

		final AtomicInteger inside = new AtomicInteger();

		final AtomicInteger mostAtOnce = new AtomicInteger();

		final AtomicInteger bodyRuns = new AtomicInteger();

		Jobs self;

		DefaultLockTemplate template;

		@DistributedLock(name = "jobs", key = "#id", waitMs = 5000)
		public Mono<String> reactive(long id) {
			this.bodyRuns.incrementAndGet();
			String key = LockContext.current().orElseThrow().key();
			// The work ends with the value; completion (and release) follow it.
			return Mono.defer(() -> {
				this.mostAtOnce.accumulateAndGet(this.inside.incrementAndGet(), Math::max);
				return Mono.delay(Duration.ofMillis(300));
			}).doOnSuccess((tick) -> this.inside.decrementAndGet()).map((tick) -> "done under " + key);
		}

		final CompletableFuture<String> pending = new CompletableFuture<>();

		@DistributedLock(name = "multi", key = "#ids", waitMs = 0)
		public CompletableFuture<String> later(List<String> ids) {
			return this.pending;
		}

		@DistributedLock(name = "nested", key = "#id", waitMs = 0)
		public Optional<LockHandle> outer(String id) {
			this.self.inner(id);
			Optional<LockHandle> again = this.template.tryAcquire("nested:" + id, null, Duration.ZERO);
			again.ifPresent(LockHandle::close);
			return again;
		}

		@DistributedLock(name = "nested", key = "#id", waitMs = 0)
		public CompletableFuture<Void> inner(String id) {
			return new CompletableFuture<>();
		}

	}

}
