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

package io.github.distlock.sample.goods;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;

import io.github.distlock.test.redis.RedisServerExtension;
import io.micrometer.tracing.exporter.FinishedSpan;
import io.micrometer.tracing.exporter.TestSpanReporter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.micrometer.metrics.test.autoconfigure.AutoConfigureMetrics;
import org.springframework.boot.micrometer.tracing.test.autoconfigure.AutoConfigureTracing;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the sample shows of its locks, as its README does: the {@code distlock} series
 * that Prometheus scrapes, and the spans of a purchase in {@code lock} mode. Every
 * request is traced here, and spans are exported at once rather than every 5 s.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "management.tracing.sampling.probability=1.0",
				"management.opentelemetry.tracing.export.schedule-delay=10ms" })
@AutoConfigureMetrics
@AutoConfigureTracing
class LockObservabilityIntegrationTests {

	private static final AtomicLong goodsIds = new AtomicLong(500);

	private static final String ACQUIRED = "distlock_acquisitions_seconds_count{name=\"goods\",outcome=\"acquired\"}";

	private static final String BUSY = "distlock_acquisitions_seconds_count{name=\"goods\",outcome=\"busy\"}";

	private static final String HOLDS = "distlock_holds_seconds_count{name=\"goods\"}";

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", () -> redis.server().port());
	}

	@LocalServerPort
	private int port;

	@Autowired
	private TestSpanReporter spans;

	private SeckillClient client;

	@BeforeEach
	void setUp() {
		this.client = new SeckillClient(this.port);
	}

	@Test
	void prometheusCountsEveryLockModePurchaseAsOneAcquisitionAndOneHold() {
		long goodsId = goodsIds.incrementAndGet();
		this.client.setStock(goodsId, 3);
		Map<String, Double> before = scrape();
		List<Integer> statuses = LongStream.rangeClosed(1, 5)
			.mapToObj((userId) -> this.client.purchase(goodsId, userId, "lock").status())
			.toList();
		Map<String, Double> after = scrape();

		assertThat(statuses).containsExactly(200, 200, 200, 409, 409);
		// a purchase that finds the good sold out has taken the lock too
		assertThat(increase(before, after, ACQUIRED)).as(ACQUIRED).isEqualTo(5);
		assertThat(increase(before, after, HOLDS)).as(HOLDS).isEqualTo(5);
		assertThat(increase(before, after, BUSY)).as(BUSY).isZero();
		assertThat(after).containsEntry("distlock_held{name=\"goods\"}", 0.0)
			.containsEntry("distlock_waiting{name=\"goods\"}", 0.0)
			.containsKeys("distlock_acquisitions_seconds_bucket{name=\"goods\",outcome=\"acquired\",le=\"+Inf\"}",
					"distlock_leases_lost_total{name=\"goods\"}");
	}

	@Test
	void purchaseTakesAndHoldsTheLockInSpansInsideItsRequestSpan() {
		long goodsId = goodsIds.incrementAndGet();
		this.client.setStock(goodsId, 1);
		assertThat(this.client.purchase(goodsId, 1, "lock").status()).isEqualTo(200);

		FinishedSpan request = await().atMost(Duration.ofSeconds(30))
			.until(() -> exported("/api/goods/" + goodsId + "/purchase"), (span) -> span != null);
		FinishedSpan acquire = exportedInTrace(request, "distlock.acquire");
		FinishedSpan hold = exportedInTrace(request, "distlock.hold");
		assertThat(request.getName()).isEqualTo("http post /api/goods/{goodsId}/purchase");
		assertThat(acquire.getParentId()).as("parent of distlock.acquire").isEqualTo(request.getSpanId());
		assertThat(acquire.getTags()).containsEntry("name", "goods")
			.containsEntry("outcome", "acquired")
			.containsEntry("key", "goods:" + goodsId);
		assertThat(hold.getParentId()).as("parent of distlock.hold").isEqualTo(request.getSpanId());
		assertThat(hold.getTags()).containsEntry("name", "goods").containsEntry("key", "goods:" + goodsId);
		assertThat(hold.getStartTimestamp()).isAfterOrEqualTo(acquire.getEndTimestamp());
	}

	private FinishedSpan exported(String url) {
		return this.spans.spans()
			.stream()
			.filter((span) -> url.equals(span.getTags().get("http.url")))
			.findFirst()
			.orElse(null);
	}

	private FinishedSpan exportedInTrace(FinishedSpan request, String name) {
		List<FinishedSpan> found = this.spans.spans()
			.stream()
			.filter((span) -> span.getTraceId().equals(request.getTraceId()) && span.getName().equals(name))
			.toList();
		assertThat(found).as("spans '%s' in the trace of %s", name, request.getTags().get("http.url")).hasSize(1);
		return found.get(0);
	}

	private static double increase(Map<String, Double> before, Map<String, Double> after, String series) {
		return after.getOrDefault(series, 0.0) - before.getOrDefault(series, 0.0);
	}

	/** The samples of the Prometheus scrape: series with its labels to value. */
	private Map<String, Double> scrape() {
		String text = RestClient.create("http://localhost:" + this.port)
			.get()
			.uri("/actuator/prometheus")
			.accept(MediaType.TEXT_PLAIN)
			.retrieve()
			.body(String.class);
		Map<String, Double> samples = new HashMap<>();
		text.lines().filter((line) -> line.startsWith("distlock_")).forEach((line) -> {
			int space = line.lastIndexOf(' ');
			samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
		});
		return samples;
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Spans {

		@Bean
		TestSpanReporter testSpanReporter() {
			return new TestSpanReporter();
		}

	}

}
