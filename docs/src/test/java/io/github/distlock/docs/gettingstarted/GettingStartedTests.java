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

package io.github.distlock.docs.gettingstarted;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.github.distlock.LockHandle;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.LockTemplate;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The getting-started page's examples, run on the in-memory store.
 */
@SpringBootTest(properties = "distlock.store=in-memory")
class GettingStartedTests {

	/**
	 * A thread of its own per call: a pooled thread may still hold a lock of an earlier
	 * call, and re-enter it.
	 */
	private static final Executor NEW_THREAD = (task) -> new Thread(task).start();

	@Autowired
	private OrderService orderService;

	@Autowired
	private Stock stock;

	@Autowired
	private LockTemplate lockTemplate;

	@Test
	void aSecondCallerForTheSameGoodIsRefusedWhileTheFirstHoldsTheLock() throws Exception {
		this.stock.entered = new CountDownLatch(1);
		this.stock.leave = new CountDownLatch(1);
		CompletableFuture<Long> first = CompletableFuture.supplyAsync(() -> this.orderService.purchase(42, 1),
				NEW_THREAD);
		assertThat(this.stock.entered.await(10, TimeUnit.SECONDS)).isTrue();
		this.stock.entered = new CountDownLatch(0);
		CompletableFuture<Long> second = CompletableFuture.supplyAsync(() -> this.orderService.purchase(42, 2),
				NEW_THREAD);
		assertThat(second).failsWithin(10, TimeUnit.SECONDS)
			.withThrowableThat()
			.havingCause()
			.isInstanceOf(LockNotAcquiredException.class);
		this.stock.leave.countDown();
		long firstToken = first.get(10, TimeUnit.SECONDS);
		assertThat(this.orderService.purchase(42, 3)).isGreaterThan(firstToken);
	}

	@Test
	void aCallerForAnotherGoodIsNotHeldUp() throws Exception {
		CountDownLatch firstLeaves = new CountDownLatch(1);
		this.stock.entered = new CountDownLatch(1);
		this.stock.leave = firstLeaves;
		CompletableFuture<Long> first = CompletableFuture.supplyAsync(() -> this.orderService.purchase(42, 1),
				NEW_THREAD);
		assertThat(this.stock.entered.await(10, TimeUnit.SECONDS)).isTrue();
		try {
			this.stock.leave = new CountDownLatch(0);
			assertThat(this.orderService.purchase(43, 2)).isPositive();
		}
		finally {
			firstLeaves.countDown();
			first.get(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void theTemplateTakesTheSameLockAsTheAnnotation() {
		// tag::template[]
		try (LockHandle lock = this.lockTemplate.tryAcquire("OrderService.purchase:42", Duration.ofSeconds(5), null)
			.orElseThrow(() -> new IllegalStateException("busy"))) {
			// the annotated method cannot run for good 42 while this block holds its lock
			// end::template[]
			assertThatExceptionOfType(LockNotAcquiredException.class)
				.isThrownBy(() -> onAnotherThread(() -> this.orderService.purchase(42, 1)));
			// tag::template[]
		}
		// end::template[]
	}

	private static <T> T onAnotherThread(Supplier<T> call) throws Exception {
		try {
			return CompletableFuture.supplyAsync(call, NEW_THREAD).get(10, TimeUnit.SECONDS);
		}
		catch (ExecutionException ex) {
			throw (RuntimeException) ex.getCause();
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(OrderService.class)
	static class Application {

		@Bean
		Stock stock() {
			return new Stock();
		}

	}

}
