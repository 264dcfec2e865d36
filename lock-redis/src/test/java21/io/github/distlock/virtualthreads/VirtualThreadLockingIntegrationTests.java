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

package io.github.distlock.virtualthreads;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.TaskDecorator;
import org.springframework.scheduling.annotation.Async;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code @DistributedLock} in an application that runs with {@code spring.threads.virtual.enabled}
 * (Redisson's users there hit "not locked by current thread"): on {@code @Scheduled} jobs, on
 * requests to an embedded Tomcat over HTTP and on {@code @Async} methods, which Spring Boot then
 * all runs on virtual threads. Each locked body counts the bodies running beside it, at most one;
 * the lock is free for a {@link LockTemplate} once every caller is done; and the body saw itself
 * on a virtual thread.
 */
class VirtualThreadLockingIntegrationTests {

	private static final Duration WORK = Duration.ofMillis(3);

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final int CALLERS = 40;

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private static ConfigurableApplicationContext web;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void startWebApplication() {
		web = new SpringApplicationBuilder(WebApplication.class).properties(properties("web")).run();
	}

	@AfterAll
	static void stopWebApplication() {
		web.close();
	}

	@Test
	void requestsOnVirtualThreadsTakeTheLockOneAtATimeAndLeaveItFree() {
		List<HttpResponse<String>> responses = post(CALLERS, "/orders/7/pay");
		assertThat(responses).allSatisfy((response) -> {
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(response.body()).isEqualTo("virtual");
		});
		Holders holders = web.getBean(Orders.class).holders();
		assertThat(holders.runs()).isEqualTo(CALLERS);
		assertThat(holders.most()).as("bodies running at once").isEqualTo(1);
		assertFreeAtOnce(web, "orders:7");
	}

	@Test
	void requestsWithoutTheLockOverlapSoTheCountCanFail() {
		post(CALLERS, "/orders/8/pay-unlocked");
		assertThat(web.getBean(Orders.class).unlocked().most()).as("bodies running at once").isGreaterThan(1);
	}

	@Test
	void asyncMethodsReturningFuturesOnVirtualThreadsTakeTheLockOneAtATime() {
		Reservations reservations = web.getBean(Reservations.class);
		List<CompletableFuture<Boolean>> futures = IntStream.range(0, CALLERS).mapToObj((i) -> reservations.reserve(11)).toList();
		assertThat(futures).allSatisfy((future) -> assertThat(future.get(30, TimeUnit.SECONDS)).as("ran on a virtual thread").isTrue());
		assertThat(reservations.futures().runs()).isEqualTo(CALLERS);
		assertThat(reservations.futures().most()).as("bodies running at once").isEqualTo(1);
		// A future's lock is released once the future completes, on a distlock-release thread: soon after, not before get() returns.
		await().atMost(Duration.ofSeconds(5)).until(() -> isFree(web, "reservations:11"));
	}

	@Test
	void voidAsyncMethodsOnVirtualThreadsTakeTheLockOneAtATimeAndLeaveItFree() {
		Reservations reservations = web.getBean(Reservations.class);
		AsyncTasks tasks = web.getBean(AsyncTasks.class);
		IntStream.range(0, CALLERS).forEach((i) -> reservations.audit(12));
		await().atMost(Duration.ofSeconds(30)).until(() -> tasks.running() == 0);
		assertThat(reservations.audits().runs()).isEqualTo(CALLERS);
		assertThat(reservations.audits().most()).as("bodies running at once").isEqualTo(1);
		assertThat(reservations.audits().onPlatformThreads()).isZero();
		assertFreeAtOnce(web, "audits:12");
	}

	@Test
	void scheduledJobsOnVirtualThreadsOfTwoInstancesTakeTheLockOneAtATimeAndLeaveItFree() throws InterruptedException {
		Holders holders = new Holders();
		String prefix = "jobs-" + UUID.randomUUID();
		List<ConfigurableApplicationContext> instances = new ArrayList<>();
		try {
			for (int instance = 0; instance < 2; instance++) {
				instances.add(new SpringApplicationBuilder(JobApplication.class).web(WebApplicationType.NONE)
					.properties(properties(prefix))
					.initializers((context) -> context.getBeanFactory().registerSingleton("holders", holders))
					.run());
			}
			Thread.sleep(2_000);
			instances.forEach((instance) -> instance.getBean(Ticker.class).stop());
			await().atMost(Duration.ofSeconds(30))
				.until(() -> instances.stream().allMatch((instance) -> instance.getBean(Ticker.class).running() == 0));
			assertThat(holders.runs()).as("ticks run").isGreaterThan(20);
			assertThat(holders.most()).as("jobs running at once").isEqualTo(1);
			assertThat(holders.onPlatformThreads()).isZero();
			for (ConfigurableApplicationContext instance : instances) {
				assertFreeAtOnce(instance, "jobs:report");
			}
		}
		finally {
			instances.forEach(ConfigurableApplicationContext::close);
		}
	}

	private static String[] properties(String prefix) {
		return new String[] { "server.port=0", "spring.threads.virtual.enabled=true",
				"spring.data.redis.port=" + redis.server().port(), "distlock.key-prefix=" + prefix };
	}

	private static void assertFreeAtOnce(ConfigurableApplicationContext context, String lock) {
		assertThat(isFree(context, lock)).as("'%s' taken at once by another caller", lock).isTrue();
	}

	private static boolean isFree(ConfigurableApplicationContext context, String lock) {
		return context.getBean(LockTemplate.class)
			.tryAcquire(lock, LEASE, Duration.ZERO)
			.map((handle) -> {
				handle.close();
				return true;
			})
			.orElse(false);
	}

	private List<HttpResponse<String>> post(int requests, String path) {
		int port = ((WebServerApplicationContext) web).getWebServer().getPort();
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.POST(HttpRequest.BodyPublishers.noBody())
			.build();
		List<CompletableFuture<HttpResponse<String>>> responses = IntStream.range(0, requests)
			.mapToObj((i) -> this.http.sendAsync(request, HttpResponse.BodyHandlers.ofString()))
			.toList();
		return responses.stream().map((response) -> response.orTimeout(60, TimeUnit.SECONDS).join()).toList();
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@EnableAsync
	static class WebApplication {

		@Bean
		Orders orders() {
			return new Orders();
		}

		@Bean
		OrderController orderController(Orders orders) {
			return new OrderController(orders);
		}

		@Bean
		Reservations reservations() {
			return new Reservations();
		}

		@Bean
		AsyncTasks asyncTasks() {
			return new AsyncTasks();
		}

	}

	@RestController
	static class OrderController {

		private final Orders orders;

		OrderController(Orders orders) {
			this.orders = orders;
		}

		@PostMapping("/orders/{id}/pay")
		String pay(@PathVariable long id) {
			return this.orders.pay(id) ? "virtual" : "platform";
		}

		@PostMapping("/orders/{id}/pay-unlocked")
		String payUnlocked(@PathVariable long id) {
			return this.orders.payUnlocked(id) ? "virtual" : "platform";
		}

	}

	/** Fields read through accessors: the bean is a class-based proxy, whose own fields are empty. */
	static class Orders {

		private final Holders holders = new Holders();

		private final Holders unlocked = new Holders();

		public Holders holders() {
			return this.holders;
		}

		public Holders unlocked() {
			return this.unlocked;
		}

		@DistributedLock(name = "orders", key = "#id", waitMs = 30_000)
		public boolean pay(long id) {
			return this.holders.hold(WORK);
		}

		public boolean payUnlocked(long id) {
			return this.unlocked.hold(WORK);
		}

	}

	static class Reservations {

		private final Holders futures = new Holders();

		private final Holders audits = new Holders();

		public Holders futures() {
			return this.futures;
		}

		public Holders audits() {
			return this.audits;
		}

		@Async
		@DistributedLock(name = "reservations", key = "#id", waitMs = 30_000)
		public CompletableFuture<Boolean> reserve(long id) {
			return CompletableFuture.completedFuture(this.futures.hold(WORK));
		}

		@Async
		@DistributedLock(name = "audits", key = "#id", waitMs = 30_000)
		public void audit(long id) {
			this.audits.hold(WORK);
		}

	}

	/** Counts the {@code @Async} tasks not yet done: a task is done once its method returned, lock released. */
	static class AsyncTasks implements TaskDecorator {

		private final AtomicInteger running = new AtomicInteger();

		@Override
		public Runnable decorate(Runnable task) {
			this.running.incrementAndGet();
			return () -> {
				try {
					task.run();
				}
				finally {
					this.running.decrementAndGet();
				}
			};
		}

		int running() {
			return this.running.get();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@EnableScheduling
	static class JobApplication {

		@Bean
		ReportJob reportJob(Holders holders) {
			return new ReportJob(holders);
		}

		@Bean
		Ticker ticker(ReportJob job) {
			return new Ticker(job);
		}

	}

	/** A tick every 10 ms, each on a virtual thread of its own; the ticks of both instances contend for the job's lock. */
	static class Ticker {

		private final ReportJob job;

		private final AtomicInteger running = new AtomicInteger();

		private volatile boolean stopped;

		Ticker(ReportJob job) {
			this.job = job;
		}

		@Scheduled(fixedRate = 10)
		void tick() {
			this.running.incrementAndGet();
			try {
				if (!this.stopped) {
					this.job.send();
				}
			}
			finally {
				this.running.decrementAndGet();
			}
		}

		void stop() {
			this.stopped = true;
		}

		int running() {
			return this.running.get();
		}

	}

	static class ReportJob {

		private final Holders holders;

		ReportJob(Holders holders) {
			this.holders = holders;
		}

		@DistributedLock(name = "jobs", key = "'report'", waitMs = 30_000)
		public void send() {
			this.holders.hold(WORK);
		}

	}

}
