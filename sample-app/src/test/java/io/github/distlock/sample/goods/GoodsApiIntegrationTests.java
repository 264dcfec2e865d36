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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.github.distlock.sample.SeckillApplication;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The flash-sale API against a real Redis: concurrent buyers in every mode, two instances
 * sharing one Redis, one purchase per user, and bad input.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class GoodsApiIntegrationTests {

	private static final AtomicLong goodsIds = new AtomicLong(100);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", () -> redis.server().port());
	}

	@LocalServerPort
	private int port;

	private SeckillClient client;

	private final ExecutorService buyers = Executors.newFixedThreadPool(32);

	@BeforeEach
	void setUp() {
		this.client = new SeckillClient(this.port);
	}

	@AfterEach
	void tearDown() throws InterruptedException {
		this.buyers.shutdownNow();
		assertThat(this.buyers.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "lock", "segmented", "atomic" })
	void flashSaleSellsOutExactlyOncePerUnit(String mode) throws Exception {
		long goodsId = goodsIds.incrementAndGet();
		this.client.setStock(goodsId, 100);
		List<SeckillClient.Answer> answers = buyConcurrently(goodsId, 300, mode, List.of(this.client));
		assertSoldOutCorrectly(goodsId, 100, answers);
	}

	@Test
	void unsafeModeOversells() throws Exception {
		boolean oversold = false;
		for (int attempt = 0; attempt < 3 && !oversold; attempt++) {
			long goodsId = goodsIds.incrementAndGet();
			this.client.setStock(goodsId, 50);
			buyConcurrently(goodsId, 300, "unsafe", List.of(this.client));
			oversold = this.client.number(goodsId, "sold") > 50
					|| this.client.number(goodsId, "stock") + this.client.number(goodsId, "sold") != 50;
		}
		assertThat(oversold).as("read-modify-write without a lock oversold in one of three sales").isTrue();
	}

	@Test
	void twoInstancesSharingOneRedisSellEachUnitOnce() throws Exception {
		try (ConfigurableApplicationContext second = new SpringApplicationBuilder(SeckillApplication.class).run(
				"--server.port=0", "--spring.data.redis.port=" + redis.server().port(),
				"--spring.main.banner-mode=off")) {
			SeckillClient secondClient = new SeckillClient(
					Integer.parseInt(second.getBean(Environment.class).getRequiredProperty("local.server.port")));
			for (String mode : List.of("lock", "segmented")) {
				long goodsId = goodsIds.incrementAndGet();
				this.client.setStock(goodsId, 100);
				List<SeckillClient.Answer> answers = buyConcurrently(goodsId, 300, mode,
						List.of(this.client, secondClient));
				assertSoldOutCorrectly(goodsId, 100, answers);
			}
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "lock", "segmented", "atomic" })
	void userBuysAtMostOnceEvenConcurrently(String mode) throws Exception {
		long goodsId = goodsIds.incrementAndGet();
		this.client.setStock(goodsId, 10);
		List<Future<SeckillClient.Answer>> attempts = new ArrayList<>();
		for (int i = 0; i < 20; i++) {
			attempts.add(this.buyers.submit(() -> this.client.purchase(goodsId, 7, mode)));
		}
		long successes = 0;
		for (Future<SeckillClient.Answer> attempt : attempts) {
			SeckillClient.Answer answer = attempt.get(60, TimeUnit.SECONDS);
			successes += (answer.status() == 200) ? 1 : 0;
			if (answer.status() == 409) {
				assertThat(answer.body()).containsEntry("success", false).containsEntry("reason", "ALREADY_BOUGHT");
			}
		}
		assertThat(successes).isOne();
		assertThat(this.client.number(goodsId, "sold")).isOne();
		assertThat(this.client.number(goodsId, "stock")).isEqualTo(9);
	}

	@Test
	void purchaseAnswersWithContractShapes() {
		long goodsId = goodsIds.incrementAndGet();
		this.client.setStock(goodsId, 1);
		SeckillClient.Answer bought = this.client.purchase(goodsId, 1, "lock");
		assertThat(bought.status()).isEqualTo(200);
		assertThat(bought.body()).containsEntry("success", true);
		SeckillClient.Answer soldOut = this.client.purchase(goodsId, 2, "lock");
		assertThat(soldOut.status()).isEqualTo(409);
		assertThat(soldOut.body()).containsEntry("success", false).containsEntry("reason", "SOLD_OUT");
		assertThat(this.client.goods(goodsId).body()).containsEntry("goodsId", (int) goodsId)
			.containsEntry("stock", 0)
			.containsEntry("sold", 1);
	}

	@Test
	void settingStockForgetsBuyers() {
		long goodsId = goodsIds.incrementAndGet();
		this.client.setStock(goodsId, 5);
		this.client.purchase(goodsId, 1, "atomic");
		this.client.setStock(goodsId, 5);
		assertThat(this.client.purchase(goodsId, 1, "atomic").status()).isEqualTo(200);
		assertThat(this.client.number(goodsId, "stock")).isEqualTo(4);
	}

	@Test
	void badInputGetsJsonErrorSayingWhatWasWrongAndChangesNothing() {
		long goodsId = goodsIds.incrementAndGet();
		this.client.setStock(goodsId, 10);
		Map<String, Object> before = this.client.goods(goodsId).body();

		assertError(this.client.goods(999_999), 404,
				"Unknown good 999999; set its stock first with POST /api/goods/999999/stock?quantity=N");
		assertError(this.client.purchase(999_999, 1, "lock"), 404,
				"Unknown good 999999; set its stock first with POST /api/goods/999999/stock?quantity=N");
		assertError(this.client.setStock(goodsId, -1), 400, "Quantity must not be negative, was -1");
		assertError(this.client.setStock(goodsId, "many"), 400, "Parameter 'quantity' must be a number, was 'many'");
		assertError(this.client.post("/api/goods/" + goodsId + "/purchase"), 400, "Missing request parameter 'userId'");
		assertError(this.client.purchase(goodsId, 1, "fast"), 400,
				"Unknown mode 'fast'; use one of lock, segmented, atomic, unsafe");
		assertError(this.client.get("/api/goods/abc"), 400, "Parameter 'goodsId' must be a number, was 'abc'");

		assertThat(this.client.goods(goodsId).body()).isEqualTo(before);
	}

	private void assertError(SeckillClient.Answer answer, int status, String message) {
		assertThat(answer.status()).isEqualTo(status);
		assertThat(answer.body()).containsEntry("status", status).containsEntry("error", message);
	}

	private List<SeckillClient.Answer> buyConcurrently(long goodsId, int buyerCount, String mode,
			List<SeckillClient> clients) throws Exception {
		List<Future<SeckillClient.Answer>> purchases = new ArrayList<>();
		for (int user = 1; user <= buyerCount; user++) {
			long userId = user;
			SeckillClient client = clients.get(user % clients.size());
			purchases.add(this.buyers.submit(() -> client.purchase(goodsId, userId, mode)));
		}
		List<SeckillClient.Answer> answers = new ArrayList<>();
		for (Future<SeckillClient.Answer> purchase : purchases) {
			answers.add(purchase.get(120, TimeUnit.SECONDS));
		}
		return answers;
	}

	private void assertSoldOutCorrectly(long goodsId, long initial, List<SeckillClient.Answer> answers) {
		assertThat(answers).allSatisfy((answer) -> assertThat(answer.status()).isIn(200, 409));
		long successes = answers.stream().filter((answer) -> answer.status() == 200).count();
		assertThat(successes).as("a flash sale with more buyers than stock sells out").isEqualTo(initial);
		assertThat(this.client.number(goodsId, "sold")).isEqualTo(initial);
		assertThat(this.client.number(goodsId, "stock")).isZero();
		assertThat(this.client.number(goodsId, "buyers")).isEqualTo(initial);
	}

}
