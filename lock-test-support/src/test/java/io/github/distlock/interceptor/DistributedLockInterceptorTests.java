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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
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
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * The interceptor through a bare {@code ProxyFactory} ({@link LockProxies}), over an
 * in-memory lock store.
 */
class DistributedLockInterceptorTests {

	private final FaultInjectingLocker locker = new FaultInjectingLocker(new InMemoryLocker());

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

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
	void holdsLockWhileMethodRunsAndReleasesAfter() {
		Inventory inventory = proxy(new DefaultInventory(), false);
		assertThat(inventory.decrement(42L)).isTrue();
		assertThat(this.locker.calls("acquire")).isOne();
		assertThat(this.locker.calls("release")).isOne();
	}

	@Test
	void worksOnClassBasedProxyToo() {
		DefaultInventory inventory = proxy(new DefaultInventory(), true);
		assertThat(inventory.decrement(42L)).isTrue();
		assertThat(this.locker.calls("release")).isOne();
	}

	@Test
	void lockIdentityIsNameColonKeyAndContextGivesFencingToken() {
		DefaultInventory target = new DefaultInventory();
		Inventory inventory = proxy(target, false);
		inventory.decrement(42L);
		assertThat(target.seen.get().key()).isEqualTo("goods:42");
		assertThat(target.seenToken).isPositive();
		assertThat(LockContext.current()).isEmpty();
	}

	@Test
	void releasesLockWhenMethodThrows() {
		Inventory inventory = proxy(new DefaultInventory(), false);
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> inventory.failing(1L));
		assertThat(this.locker.calls("release")).isOne();
	}

	@Test
	void throwsNamingLockWhenBusy() {
		Inventory inventory = proxy(new DefaultInventory(), false);
		try (LockHandle held = otherThreadHolds("goods:7")) {
			assertThatExceptionOfType(LockNotAcquiredException.class).isThrownBy(() -> inventory.decrement(7L))
				.withMessageContaining("'goods:7'");
		}
	}

	@Test
	void callsFallbackWithArgumentsAndExceptionWhenBusy() {
		DefaultInventory target = new DefaultInventory();
		Inventory inventory = proxy(target, false);
		try (LockHandle held = otherThreadHolds("DefaultInventory.reserve:7")) {
			assertThat(inventory.reserve(7L)).isEqualTo("busy 7 DefaultInventory.reserve:7");
		}
		assertThat(target.reserved).isZero();
	}

	@Test
	void nullKeyFailsBeforeLockStoreIsTouchedAndMethodDoesNotRun() {
		DefaultInventory target = new DefaultInventory();
		Inventory inventory = proxy(target, false);
		assertThatIllegalArgumentException().isThrownBy(() -> inventory.byName(null))
			.withMessage("Lock key expression '#name' on DefaultInventory.byName(String) evaluated to null");
		assertThat(this.locker.calls("acquire")).isZero();
		assertThat(target.calls).isZero();
	}

	@Test
	void blankKeyFailsBeforeLockStoreIsTouched() {
		Inventory inventory = proxy(new DefaultInventory(), false);
		assertThatIllegalArgumentException().isThrownBy(() -> inventory.byName(" "))
			.withMessageContaining("'#name'")
			.withMessageContaining("blank");
		assertThat(this.locker.calls("acquire")).isZero();
	}

	@Test
	void collectionKeyLocksEveryElementInSortedOrder() {
		DefaultInventory target = new DefaultInventory();
		Inventory inventory = proxy(target, false);
		inventory.transfer(List.of("b", "a", "c", "a"));
		assertThat(target.seen.get().key()).isEqualTo("stock:a,stock:b,stock:c");
		assertThat(this.locker.calls("acquire")).isEqualTo(3);
		assertThat(this.locker.calls("release")).isEqualTo(3);
	}

	@Test
	void multiLockIsAllOrNothing() {
		DefaultInventory target = new DefaultInventory();
		Inventory inventory = proxy(target, false);
		try (LockHandle held = otherThreadHolds("stock:c")) {
			assertThatExceptionOfType(LockNotAcquiredException.class)
				.isThrownBy(() -> inventory.transfer(List.of("a", "b", "c")))
				.withMessageContaining("'stock:c'");
		}
		assertThat(target.calls).isZero();
		assertThat(this.locker.calls("release")).isEqualTo(3);
	}

	@Test
	void emptyCollectionKeyFails() {
		Inventory inventory = proxy(new DefaultInventory(), false);
		assertThatIllegalArgumentException().isThrownBy(() -> inventory.transfer(List.of()))
			.withMessageContaining("empty");
	}

	@Test
	void completableFutureHoldsLockUntilItCompletes() throws Exception {
		DefaultInventory target = new DefaultInventory();
		Inventory inventory = proxy(target, false);
		CompletableFuture<String> result = inventory.later(5L);
		assertThat(this.locker.calls("release")).isZero();
		assertThat(otherThreadTries("DefaultInventory.later:5")).isFalse();
		target.pending.complete("done");
		assertThat(result.get(5, TimeUnit.SECONDS)).isEqualTo("done");
		assertThat(this.locker.calls("release")).isOne();
	}

	@Test
	void callingThreadDoesNotReenterLockOfPendingFuture() throws Exception {
		DefaultInventory target = new DefaultInventory();
		Inventory inventory = proxy(target, false);
		inventory.later(5L);
		assertThat(this.template.tryAcquire("DefaultInventory.later:5", null, Duration.ZERO)).isEmpty();
		target.pending.complete("done");
	}

	@Test
	void monoTakesLockOnSubscribeAndReleasesOnComplete() {
		Sinks.One<String> sink = Sinks.one();
		DefaultInventory target = new DefaultInventory();
		target.mono = sink.asMono();
		Inventory inventory = proxy(target, false);
		Mono<String> result = inventory.reactive(9L);
		assertThat(this.locker.calls("acquire")).isZero();
		StepVerifier.create(result).then(() -> {
			await().atMost(Duration.ofSeconds(5)).until(() -> this.locker.calls("acquire") == 1);
			sink.tryEmitValue("ok");
		}).expectNext("ok").verifyComplete();
		await().atMost(Duration.ofSeconds(5)).until(() -> this.locker.calls("release") == 1);
	}

	@Test
	void monoReleasesOnCancel() {
		DefaultInventory target = new DefaultInventory();
		target.mono = Mono.never();
		Inventory inventory = proxy(target, false);
		StepVerifier.create(inventory.reactive(9L))
			.then(() -> await().atMost(Duration.ofSeconds(5)).until(() -> this.locker.calls("acquire") == 1))
			.thenCancel()
			.verify(Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(5)).until(() -> this.locker.calls("release") == 1);
	}

	@Test
	void monoReleasesOnError() {
		DefaultInventory target = new DefaultInventory();
		target.mono = Mono.error(new IllegalStateException("boom"));
		Inventory inventory = proxy(target, false);
		StepVerifier.create(inventory.reactive(9L)).expectErrorMessage("boom").verify(Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(5)).until(() -> this.locker.calls("release") == 1);
	}

	@Test
	void monoFallsBackWhenBusy() {
		DefaultInventory target = new DefaultInventory();
		target.mono = Mono.just("locked");
		Inventory inventory = proxy(target, false);
		try (LockHandle held = otherThreadHolds("DefaultInventory.reactive:9")) {
			StepVerifier.create(inventory.reactive(9L)).expectNext("fallback 9").verifyComplete();
		}
	}

	private <T> T proxy(Object target, boolean proxyTargetClass) {
		return LockProxies.proxy(target, proxyTargetClass, this.template, Duration.ZERO);
	}

	private LockHandle otherThreadHolds(String key) {
		return CompletableFuture
			.supplyAsync(() -> this.template.tryAcquire(key, Duration.ofSeconds(30), Duration.ZERO).orElseThrow(),
					this.threads)
			.join();
	}

	private boolean otherThreadTries(String key) {
		return CompletableFuture
			.supplyAsync(() -> this.template.tryAcquire(key, Duration.ofSeconds(30), Duration.ZERO).map((handle) -> {
				handle.close();
				return true;
			}).orElse(false), this.threads)
			.join();
	}

	interface Inventory {

		@DistributedLock(name = "goods", key = "#goodsId")
		boolean decrement(Long goodsId);

		@DistributedLock(key = "#p0")
		void failing(Long goodsId);

		@DistributedLock(key = "#goodsId", fallback = "busy")
		String reserve(long goodsId);

		@DistributedLock(key = "#name")
		void byName(String name);

		@DistributedLock(name = "stock", key = "#names")
		void transfer(List<String> names);

		@DistributedLock(key = "#id")
		CompletableFuture<String> later(long id);

		@DistributedLock(key = "#id", fallback = "reactiveFallback")
		Mono<String> reactive(long id);

	}

	static class DefaultInventory implements Inventory {

		final AtomicReference<LockHandle> seen = new AtomicReference<>();

		volatile long seenToken;

		final CompletableFuture<String> pending = new CompletableFuture<>();

		Mono<String> mono = Mono.empty();

		int calls;

		int reserved;

		@Override
		public boolean decrement(Long goodsId) {
			this.seen.set(LockContext.current().orElseThrow());
			this.seenToken = this.seen.get().fencingToken();
			return true;
		}

		@Override
		public void failing(Long goodsId) {
			throw new IllegalStateException("boom");
		}

		@Override
		public String reserve(long goodsId) {
			this.reserved++;
			return "reserved";
		}

		String busy(long goodsId, LockNotAcquiredException ex) {
			return "busy " + goodsId + " " + ex.getKey();
		}

		@Override
		public void byName(String name) {
			this.calls++;
		}

		@Override
		public void transfer(List<String> names) {
			this.calls++;
			this.seen.set(LockContext.current().orElseThrow());
		}

		@Override
		public CompletableFuture<String> later(long id) {
			return this.pending;
		}

		@Override
		public Mono<String> reactive(long id) {
			return this.mono;
		}

		Mono<String> reactiveFallback(long id) {
			return Mono.just("fallback " + id);
		}

	}

}
