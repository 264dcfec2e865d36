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

package io.github.distlock.endpoint;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code locks} endpoint over HTTP, as an operator reads it: two instances of a web
 * application with the Actuator on one Redis, each showing its own locks, and either one
 * telling who holds a lock, without the owner's secret.
 */
@ExtendWith(OutputCaptureExtension.class)
class LocksEndpointIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration WAIT = Duration.ofSeconds(10);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private final String prefix = "endpoint-" + UUID.randomUUID();

	private final HttpClient http = HttpClient.newHttpClient();

	private final JsonMapper json = JsonMapper.builder().build();

	private ConfigurableApplicationContext first;

	private ConfigurableApplicationContext second;

	@BeforeEach
	void startTwoInstances() {
		this.first = start("orders-first");
		this.second = start("orders-second");
	}

	@AfterEach
	void stopThem() {
		this.first.close();
		this.second.close();
	}

	@Test
	void anInstanceShowsTheLocksItHoldsAndTheCallersWaitingForThem() throws Exception {
		LockTemplate locks = this.first.getBean(LockTemplate.class);
		Instant before = Instant.now();
		CompletableFuture<Optional<LockHandle>> waiter;
		try (LockHandle handle = locks.tryAcquire("goods:42", LEASE, Duration.ZERO).orElseThrow()) {
			waiter = CompletableFuture.supplyAsync(() -> locks.tryAcquire("goods:42", LEASE, WAIT),
					this::onWaiterThread);
			await().atMost(WAIT).until(() -> get(this.first, "/actuator/locks").get("waiting").size() == 1);
			JsonNode body = get(this.first, "/actuator/locks");
			JsonNode held = body.get("held").get(0);
			assertThat(held.get("name").asString()).isEqualTo("goods");
			assertThat(held.get("key").asString()).isEqualTo("42");
			assertThat(held.get("thread").asString()).isEqualTo(Thread.currentThread().getName());
			assertThat(Instant.parse(held.get("since").asString())).isBetween(before.minusMillis(1), Instant.now());
			assertThat(held.get("leaseLeftMillis").asLong()).isPositive().isLessThanOrEqualTo(LEASE.toMillis());
			assertThat(held.get("watchdog").asBoolean()).isFalse();
			assertThat(held.has("fencingToken")).as("a token is shown once minted").isFalse();
			long token = handle.fencingToken();
			assertThat(get(this.first, "/actuator/locks").get("held").get(0).get("fencingToken").asLong())
				.isEqualTo(token);
			JsonNode waiting = body.get("waiting").get(0);
			assertThat(waiting.get("thread").asString()).isEqualTo("lock-waiter");
			assertThat(waiting.get("atStore").asBoolean()).isFalse();
			assertThat(get(this.second, "/actuator/locks").get("held")).isEmpty();
		}
		waiter.get(10, TimeUnit.SECONDS).orElseThrow().close();
		assertThat(get(this.first, "/actuator/locks").get("held")).isEmpty();
	}

	@Test
	void everyInstanceTellsWhoHoldsALockWithoutTheOwnersSecret() throws Exception {
		Instant before = Instant.now();
		try (LockHandle handle = this.first.getBean(LockTemplate.class)
			.tryAcquire("goods:42", LEASE, Duration.ZERO)
			.orElseThrow()) {
			String fromSecond = getText(this.second, "/actuator/locks/goods/42");
			JsonNode lock = this.json.readTree(fromSecond);
			assertThat(lock.get("held").asBoolean()).isTrue();
			JsonNode holder = lock.get("holder");
			assertThat(holder.get("instance").asString())
				.startsWith("orders-first (pid " + ProcessHandle.current().pid());
			assertThat(holder.get("thisInstance").asBoolean()).isFalse();
			assertThat(Instant.parse(holder.get("since").asString())).isBetween(before.minusMillis(1), Instant.now());
			assertThat(holder.get("leaseLeftMillis").asLong()).isPositive().isLessThanOrEqualTo(LEASE.toMillis());
			assertThat(lock.get("local").get("held")).isEmpty();
			JsonNode fromFirst = get(this.first, "/actuator/locks/goods/42");
			assertThat(fromFirst.get("holder").get("thisInstance").asBoolean()).isTrue();
			assertThat(fromFirst.get("local").get("held")).hasSize(1);
			assertThat(fromSecond).doesNotContain(secretOf("goods:42"));
			assertThat(getText(this.first, "/actuator/locks/goods/42")).doesNotContain(secretOf("goods:42"));
		}
		JsonNode free = get(this.second, "/actuator/locks/goods/42");
		assertThat(free.get("held").asBoolean()).isFalse();
		assertThat(free.has("holder")).isFalse();
	}

	@Test
	void aKeyMayContainSlashesAndALockMayHaveNoName() throws Exception {
		LockTemplate locks = this.first.getBean(LockTemplate.class);
		try (LockHandle report = locks.tryAcquire("files:reports/2026/11", LEASE, Duration.ZERO).orElseThrow();
				LockHandle nightly = locks.tryAcquire("nightly", LEASE, Duration.ZERO).orElseThrow()) {
			assertThat(get(this.second, "/actuator/locks/files/reports/2026/11").get("held").asBoolean()).isTrue();
			assertThat(get(this.second, "/actuator/locks/unnamed/nightly").get("held").asBoolean()).isTrue();
		}
	}

	@Test
	void anApplicationWithEverythingOnStartsWithoutWarningAboutDistlocksBeans(CapturedOutput output) {
		// Made too early (by the advisor, while post-processors are), the properties
		// missed some of them.
		assertThat(output).contains(":: Spring Boot ::").doesNotContain("DistributedLockProperties] is not eligible");
	}

	private ConfigurableApplicationContext start(String name) {
		return new SpringApplicationBuilder(WebApplication.class)
			.properties("server.port=0", "spring.application.name=" + name,
					"spring.data.redis.port=" + redis.server().port(), "distlock.key-prefix=" + this.prefix,
					"management.endpoints.web.exposure.include=locks")
			.run();
	}

	/**
	 * The owner token's secret: the part before its first space, which the endpoint must
	 * never show.
	 */
	private String secretOf(String lock) {
		String owner = this.first.getBean(StringRedisTemplate.class)
			.opsForValue()
			.get("{" + this.prefix + ":" + lock + "}");
		assertThat(owner).contains(" ");
		return owner.substring(0, owner.indexOf(' '));
	}

	private JsonNode get(ConfigurableApplicationContext instance, String path)
			throws IOException, InterruptedException {
		return this.json.readTree(getText(instance, path));
	}

	private String getText(ConfigurableApplicationContext instance, String path)
			throws IOException, InterruptedException {
		int port = ((WebServerApplicationContext) instance).getWebServer().getPort();
		HttpResponse<String> response = this.http.send(
				HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as("GET %s", path).isEqualTo(200);
		return response.body();
	}

	private void onWaiterThread(Runnable task) {
		Thread thread = new Thread(task, "lock-waiter");
		thread.setDaemon(true);
		thread.start();
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class WebApplication {

	}

}
