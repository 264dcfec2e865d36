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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.WhenBusy;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.memory.InMemoryLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code whenBusy = SKIP} and {@code holdAtLeastMs}, the attributes of scheduled jobs,
 * through a bare {@code ProxyFactory} over an in-memory lock store.
 */
class ScheduledJobAttributesTests {

	private final DefaultLockTemplate template = new DefaultLockTemplate(new InMemoryLocker(),
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

	private final ExecutorService otherThread = Executors.newSingleThreadExecutor();

	private final Jobs target = new Jobs();

	private final Jobs jobs = LockProxies.proxy(this.target, true, this.template, Duration.ZERO);

	@AfterEach
	void tearDown() {
		this.otherThread.shutdownNow();
		this.template.close();
	}

	@Test
	void skippedCallDoesNotRunAndReturnsTheEmptyValueOfItsType() throws Exception {
		try (LockHandle held = otherThreadHolds("jobs:report")) {
			this.jobs.report();
			assertThat(this.jobs.count()).isNull();
			assertThat(this.jobs.optional()).isEmpty();
			assertThat(this.jobs.future()).isCompletedWithValue(null);
			StepVerifier.create(this.jobs.mono()).verifyComplete();
			StepVerifier.create(this.jobs.flux()).verifyComplete();
		}
		assertThat(this.target.runs).isZero();
	}

	@Test
	void freeLockRunsTheMethodAsUsual() {
		assertThat(this.jobs.count()).isEqualTo(1);
		assertThat(this.jobs.optional()).contains("ran");
		StepVerifier.create(this.jobs.flux()).expectNext("ran").verifyComplete();
		assertThat(this.target.runs).isEqualTo(3);
	}

	@Test
	void lockOutlivesAFastMethodWhileItsMinimumHoldLasts() throws Exception {
		this.jobs.heldAMinute();
		assertThat(otherThreadTries("jobs:minute", Duration.ZERO)).as("taken right after the method returned")
			.isFalse();
		StepVerifier.create(this.jobs.monoHeldAMinute()).expectNext("ran").verifyComplete();
		assertThat(otherThreadTries("jobs:mono-minute", Duration.ZERO)).as("taken right after the Mono completed")
			.isFalse();
	}

	@Test
	void lockIsReleasedWhenTheMinimumHoldIsOverAndNotBefore() throws Exception {
		long calledAt = System.nanoTime();
		this.jobs.heldAtLeast();
		assertThat(otherThreadTries("jobs:held", Duration.ofSeconds(30))).isTrue();
		assertThat(Duration.ofNanos(System.nanoTime() - calledAt)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
	}

	@Test
	void threadThatRanTheJobSkipsItsNextTickWhileTheMinimumHoldLasts() {
		this.jobs.heldAMinute();
		this.jobs.heldAMinute();
		assertThat(this.target.runs).isOne();
	}

	@Test
	void minimumHoldIsKeptByATemplateOfTheApplicationsOwn() throws Exception {
		LockTemplate own = (key, lease, wait) -> this.template.tryAcquire(key, lease, wait).map(PlainHandle::new);
		Jobs jobs = LockProxies.proxy(new Jobs(), true, own, Duration.ZERO);
		long calledAt = System.nanoTime();
		jobs.heldAtLeast();
		assertThat(otherThreadTries("jobs:held", Duration.ZERO)).as("taken right after the method returned").isFalse();
		assertThat(otherThreadTries("jobs:held", Duration.ofSeconds(30))).isTrue();
		assertThat(Duration.ofNanos(System.nanoTime() - calledAt)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
	}

	private LockHandle otherThreadHolds(String key) throws Exception {
		return this.otherThread
			.submit(() -> this.template.tryAcquire(key, Duration.ofSeconds(30), Duration.ZERO).orElseThrow())
			.get(10, TimeUnit.SECONDS);
	}

	private boolean otherThreadTries(String key, Duration wait) throws Exception {
		Future<Boolean> taken = this.otherThread
			.submit(() -> this.template.tryAcquire(key, null, wait).map((handle) -> {
				handle.close();
				return true;
			}).orElse(false));
		return taken.get(40, TimeUnit.SECONDS);
	}

	/**
	 * A handle that knows only {@link LockHandle}'s abstract methods, as one of an
	 * application's own template.
	 */
	private record PlainHandle(LockHandle handle) implements LockHandle {

		@Override
		public String key() {
			return this.handle.key();
		}

		@Override
		public long fencingToken() {
			return this.handle.fencingToken();
		}

		@Override
		public boolean isHeld() {
			return this.handle.isHeld();
		}

		@Override
		public void close() {
			this.handle.close();
		}

	}

	static class Jobs {

		volatile int runs;

		@DistributedLock(name = "jobs", key = "'report'", whenBusy = WhenBusy.SKIP)
		public void report() {
			this.runs++;
		}

		@DistributedLock(name = "jobs", key = "'report'", whenBusy = WhenBusy.SKIP)
		public Integer count() {
			return ++this.runs;
		}

		@DistributedLock(name = "jobs", key = "'report'", whenBusy = WhenBusy.SKIP)
		public Optional<String> optional() {
			this.runs++;
			return Optional.of("ran");
		}

		@DistributedLock(name = "jobs", key = "'report'", whenBusy = WhenBusy.SKIP)
		public CompletableFuture<String> future() {
			this.runs++;
			return CompletableFuture.completedFuture("ran");
		}

		@DistributedLock(name = "jobs", key = "'report'", whenBusy = WhenBusy.SKIP)
		public Mono<String> mono() {
			return Mono.fromSupplier(() -> {
				this.runs++;
				return "ran";
			});
		}

		@DistributedLock(name = "jobs", key = "'report'", whenBusy = WhenBusy.SKIP)
		public Flux<String> flux() {
			return Flux.defer(() -> {
				this.runs++;
				return Flux.just("ran");
			});
		}

		@DistributedLock(name = "jobs", key = "'held'", whenBusy = WhenBusy.SKIP, holdAtLeastMs = 300)
		public void heldAtLeast() {
			this.runs++;
		}

		@DistributedLock(name = "jobs", key = "'minute'", whenBusy = WhenBusy.SKIP, holdAtLeastMs = 60_000)
		public void heldAMinute() {
			this.runs++;
		}

		@DistributedLock(name = "jobs", key = "'mono-minute'", holdAtLeastMs = 60_000)
		public Mono<String> monoHeldAMinute() {
			return Mono.just("ran");
		}

	}

}
