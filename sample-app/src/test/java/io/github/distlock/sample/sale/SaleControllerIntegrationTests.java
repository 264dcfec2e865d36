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

package io.github.distlock.sample.sale;

import java.time.Duration;
import java.util.List;

import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.client.RestTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class SaleControllerIntegrationTests {

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@LocalServerPort
	private int port;

	private RestTestClient client;

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", () -> redis.server().port());
	}

	@BeforeEach
	void client() {
		this.client = RestTestClient.bindToServer().baseUrl("http://localhost:" + this.port).build();
	}

	@Test
	void runsSaleInTheBackgroundAndListsItWhenDone() {
		SaleStatus started = start("goodsId=40&stock=50&buyers=200&concurrency=8&mode=atomic");
		assertThat(started.state()).isEqualTo(SaleState.RUNNING);
		assertThat(started.mode()).isEqualTo("atomic");
		assertThat(started.buyers()).isEqualTo(200);
		assertThat(started.initial()).isEqualTo(50);
		SaleStatus done = awaitEnd(started.saleId());
		assertThat(done.state()).isEqualTo(SaleState.DONE);
		assertThat(done.done()).isEqualTo(200);
		assertThat(done.succeeded()).isEqualTo(50);
		assertThat(done.soldOut() + done.busy()).isEqualTo(150);
		assertThat(done.alreadyBought()).isZero();
		assertThat(done.errors()).isZero();
		assertThat(done.initial()).isEqualTo(50);
		assertThat(done.sold()).isEqualTo(50);
		assertThat(done.stockLeft()).isZero();
		assertThat(done.oversold()).isZero();
		assertThat(done.duplicateBuyers()).isZero();
		assertThat(done.elapsedMs()).isPositive();
		assertThat(done.throughputPerSecond()).isPositive();
		assertThat(done.p99Ms()).isGreaterThanOrEqualTo(done.p50Ms());
		assertThat(done.failure()).isNull();
		List<SaleStatus> finished = this.client.get()
			.uri("/api/sales")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(new ParameterizedTypeReference<List<SaleStatus>>() {
			})
			.returnResult()
			.getResponseBody();
		assertThat(finished).isNotEmpty().extracting(SaleStatus::saleId).contains(started.saleId());
		assertThat(finished).filteredOn((sale) -> sale.saleId().equals(started.saleId()))
			.singleElement()
			.isEqualTo(done);
	}

	@Test
	void refusesSecondSaleWhileOneRuns() {
		SaleStatus first = start("goodsId=41&stock=100&buyers=300&concurrency=1&mode=lock");
		this.client.post()
			.uri("/api/sales?goodsId=42&stock=10&buyers=10&concurrency=1&mode=atomic")
			.exchange()
			.expectStatus()
			.isEqualTo(409)
			.expectBody()
			.json("{\"status\":409,\"error\":\"A sale is already running\"}");
		SaleStatus done = awaitEnd(first.saleId());
		assertThat(done.state()).isEqualTo(SaleState.DONE);
		assertThat(done.sold()).isEqualTo(100);
		assertThat(done.stockLeft()).isZero();
		awaitEnd(start("goodsId=42&stock=10&buyers=10&concurrency=1&mode=atomic").saleId());
	}

	@ParameterizedTest
	@ValueSource(strings = { "buyers=0", "concurrency=0", "stock=-1", "goodsId=-1", "buyers=-5", "mode=bogus",
			"buyers=many", "concurrency=100000", "urls=ftp://elsewhere" })
	void rejectsBadInput(String query) {
		this.client.post()
			.uri("/api/sales?" + query)
			.exchange()
			.expectStatus()
			.isBadRequest()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(400)
			.jsonPath("$.error")
			.isNotEmpty();
	}

	@Test
	void answersNotFoundForUnknownSale() {
		this.client.get()
			.uri("/api/sales/no-such-sale")
			.exchange()
			.expectStatus()
			.isNotFound()
			.expectBody()
			.jsonPath("$.status")
			.isEqualTo(404)
			.jsonPath("$.error")
			.value((String error) -> assertThat(error).contains("no-such-sale"));
	}

	private SaleStatus start(String query) {
		SaleStatus status = this.client.post()
			.uri("/api/sales?" + query)
			.exchange()
			.expectStatus()
			.isAccepted()
			.expectHeader()
			.exists("Location")
			.expectBody(SaleStatus.class)
			.returnResult()
			.getResponseBody();
		assertThat(status).isNotNull();
		assertThat(status.saleId()).isNotBlank();
		return status;
	}

	private SaleStatus awaitEnd(String saleId) {
		return await().atMost(Duration.ofSeconds(20))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> status(saleId), (status) -> status.state() != SaleState.RUNNING);
	}

	private SaleStatus status(String saleId) {
		return this.client.get()
			.uri("/api/sales/{saleId}", saleId)
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(SaleStatus.class)
			.returnResult()
			.getResponseBody();
	}

}
