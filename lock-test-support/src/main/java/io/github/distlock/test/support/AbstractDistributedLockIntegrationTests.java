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

package io.github.distlock.test.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

import javax.sql.DataSource;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.store.Locker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code @DistributedLock} in a Spring Boot application, run against every store:
 * transactions, asynchronous methods, keys, fallback and multi-locks (contract behaviours
 * 10-12). A subclass imports its store's auto-configuration with
 * {@link io.github.distlock.autoconfigure.DistributedLockAutoConfiguration} and
 * {@code AopAutoConfiguration} ({@code @ImportAutoConfiguration} on the subclass, in that
 * order), or defines a {@link Locker} bean, and connects it to a store of its own.
 */
@SpringBootTest(classes = AbstractDistributedLockIntegrationTests.Application.class)
public abstract class AbstractDistributedLockIntegrationTests {

	private static final String PREFIX = "it-" + UUID.randomUUID();

	@DynamicPropertySource
	static void keyPrefix(DynamicPropertyRegistry registry) {
		registry.add("distlock.key-prefix", () -> PREFIX);
	}

	@Autowired
	private LockedServices.Stock stock;

	@Autowired
	private LockedServices.Jobs jobs;

	/** The suite's bean with keys of every shape, for a subclass's own tests. */
	@Autowired
	protected LockedServices.Orders orders;

	@Autowired
	private LockTemplate lockTemplate;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private TransactionTemplate transactions;

	@Autowired
	private Locker locker;

	private final ExecutorService threads = Executors.newFixedThreadPool(16);

	@BeforeEach
	void resetStock() {
		this.jdbc.update("merge into stock key (id) values (1, 0)");
	}

	@AfterEach
	void tearDown() throws InterruptedException {
		this.threads.shutdownNow();
		assertThat(this.threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
	}

	@Test
	void lockWrapsTransactionSoNoUpdateIsLost() throws Exception {
		runConcurrently(16, 10, this.stock::incrementLockFirst);
		assertThat(this.stock.quantity(1)).isEqualTo(160);
	}

	@Test
	void lockWrapsTransactionWhateverTheAnnotationOrder() throws Exception {
		runConcurrently(16, 10, this.stock::incrementTransactionFirst);
		assertThat(this.stock.quantity(1)).isEqualTo(160);
	}

	@Test
	void lockReleasedInsideTransactionLosesUpdates() throws Exception {
		runConcurrently(16, 10, this.stock::incrementLockInsideTransaction);
		assertThat(this.stock.quantity(1)).isLessThan(160);
	}

	@Test
	void lockIsHeldUntilCallersTransactionCompletes() throws Exception {
		this.transactions.executeWithoutResult((status) -> {
			this.stock.incrementInCallersTransaction(1);
			assertThat(otherThreadCanTake("stock:1")).as("released before the caller's commit").isFalse();
		});
		assertThat(otherThreadCanTake("stock:1")).isTrue();
	}

	@Test
	void asyncMethodLocksOnThreadThatRunsIt() {
		List<String> seen = Collections.synchronizedList(new ArrayList<>());
		this.jobs.runAsync(1, seen);
		this.jobs.runAsync(1, seen);
		this.jobs.runAsync(1, seen);
		await().atMost(Duration.ofSeconds(20)).until(() -> seen.size() == 3);
		assertThat(seen).allSatisfy((entry) -> assertThat(entry).startsWith("async-").endsWith("|job:1"));
		assertThat(this.jobs.mostAtOnce()).isOne();
	}

	@Test
	void completableFutureHoldsLockUntilComplete() throws Exception {
		CompletableFuture<String> pending = this.jobs.nextPending();
		CompletableFuture<String> result = this.jobs.later(3);
		assertThat(otherThreadCanTake("future:3")).isFalse();
		pending.complete("done");
		assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo("done");
		assertThat(otherThreadCanTake("future:3")).isTrue();
	}

	@Test
	void monoHoldsLockFromSubscribeUntilComplete() {
		Sinks.One<String> work = Sinks.one();
		StepVerifier.create(this.jobs.reactive(4, work.asMono())).then(() -> {
			await().atMost(Duration.ofSeconds(10)).until(() -> !otherThreadCanTake("mono:4"));
			work.tryEmitValue("ok");
		}).expectNext("ok").verifyComplete();
		await().atMost(Duration.ofSeconds(10)).until(() -> otherThreadCanTake("mono:4"));
	}

	@Test
	void keyMayCallBeans() {
		assertThat(this.orders.byBean(7)).isEqualTo("beans:order-7");
	}

	@Test
	void fallbackAnswersWhenLockIsBusy() throws Exception {
		try (LockHandle held = this.threads
			.submit(() -> this.lockTemplate.tryAcquire("busy:5", Duration.ofSeconds(30), null).orElseThrow())
			.get(10, TimeUnit.SECONDS)) {
			assertThat(this.orders.reserve(5)).isEqualTo("busy:busy:5");
		}
		assertThat(this.orders.reserve(5)).isEqualTo("reserved");
	}

	@Test
	void multiLockHoldsEveryKeyInTheStoreAndReleasesThemAll() {
		List<Boolean> heldInStore = new ArrayList<>();
		this.orders.all(List.of(3L, 1L, 2L), () -> {
			for (long id = 1; id <= 3; id++) {
				heldInStore.add(isHeldInStore("multi:" + id));
			}
		});
		assertThat(heldInStore).containsExactly(true, true, true);
		for (long id = 1; id <= 3; id++) {
			assertThat(isHeldInStore("multi:" + id)).isFalse();
		}
	}

	/** Whether the store holds the lock, as it tells an operator who asks. */
	private boolean isHeldInStore(String key) {
		return this.locker.find(key).isPresent();
	}

	private void runConcurrently(int threadCount, int times, IntConsumer increment) throws Exception {
		List<Future<?>> workers = new ArrayList<>();
		for (int t = 0; t < threadCount; t++) {
			workers.add(this.threads.submit(() -> {
				for (int i = 0; i < times; i++) {
					increment.accept(1);
				}
				return null;
			}));
		}
		for (Future<?> worker : workers) {
			worker.get(120, TimeUnit.SECONDS);
		}
	}

	private boolean otherThreadCanTake(String key) {
		return CompletableFuture
			.supplyAsync(() -> this.lockTemplate.tryAcquire(key, Duration.ofSeconds(5), Duration.ZERO).map((handle) -> {
				handle.close();
				return true;
			}).orElse(false), this.threads)
			.join();
	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement
	@EnableAsync
	static class Application {

		@Bean
		DataSource dataSource() {
			return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2)
				.generateUniqueName(true)
				.addScript("classpath:io/github/distlock/test/support/stock.sql")
				.build();
		}

		@Bean
		JdbcTemplate jdbcTemplate(DataSource dataSource) {
			return new JdbcTemplate(dataSource);
		}

		@Bean
		PlatformTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

		@Bean
		TransactionTemplate transactionTemplate(PlatformTransactionManager transactionManager) {
			return new TransactionTemplate(transactionManager);
		}

		@Bean
		java.util.concurrent.Executor taskExecutor() {
			return Executors.newFixedThreadPool(3, (task) -> new Thread(task, "async-" + UUID.randomUUID()));
		}

		@Bean
		LockedServices.Stock stock(JdbcTemplate jdbc, LockTemplate lockTemplate) {
			return new LockedServices.Stock(jdbc, lockTemplate);
		}

		@Bean
		LockedServices.Jobs jobs() {
			return new LockedServices.Jobs();
		}

		@Bean
		LockedServices.Orders orders() {
			return new LockedServices.Orders();
		}

		@Bean
		LockedServices.OrderKeys orderKeys() {
			return new LockedServices.OrderKeys();
		}

	}

}
