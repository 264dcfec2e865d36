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

import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;

import io.github.distlock.sample.goods.BuyMode;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class FlashSaleIntegrationTests {

	private static final int BUYERS = 300;

	private static final long STOCK = 100;

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private static final HttpClient http = FlashSale.newHttpClient();

	private static final JsonMapper json = JsonMapper.builder().build();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", () -> redis.server().port());
	}

	@ParameterizedTest
	@EnumSource(names = { "LOCK", "SEGMENTED", "ATOMIC" })
	void sellsOutExactlyOnceToEachBuyer(BuyMode mode) throws Exception {
		SaleReport report = new FlashSale(plan(10 + mode.ordinal(), mode), http, json).run();
		assertThat(report.completed()).isTrue();
		assertThat(report.errors()).as("errors, the last: %s", report.progress().lastError()).isZero();
		assertThat(report.initial()).isEqualTo(STOCK);
		assertThat(report.sold()).isEqualTo(STOCK);
		assertThat(report.stockLeft()).isZero();
		assertThat(report.oversold()).isZero();
		assertThat(report.consistent()).isTrue();
		assertThat(report.duplicateBuyers()).isZero();
		assertThat(report.progress().succeeded()).isEqualTo(STOCK);
		assertThat(report.progress().done()).isEqualTo(BUYERS);
		assertThat(report.progress().soldOut() + report.progress().busy()).isEqualTo(BUYERS - STOCK);
		assertThat(report.progress().throughputPerSecond()).isPositive();
		assertThat(report.progress().p99Ms()).isGreaterThanOrEqualTo(report.progress().p50Ms()).isPositive();
		assertThat(report.correct()).isTrue();
	}

	@Test
	void reportsUnsafeSaleWhateverItSold() throws Exception {
		SaleReport report = new FlashSale(plan(20, BuyMode.UNSAFE), http, json).run();
		assertThat(report.completed()).isTrue();
		assertThat(report.progress().done()).isEqualTo(BUYERS);
		assertThat(report.initial()).isEqualTo(STOCK);
	}

	@Test
	void spreadsBuyersOverTheBaseUrls() throws Exception {
		URI self = URI.create("http://localhost:" + this.port);
		URI alias = URI.create("http://127.0.0.1:" + this.port);
		SalePlan plan = new SalePlan(List.of(self, alias), 30, 10, 40, 4, BuyMode.ATOMIC);
		assertThat(plan.baseUrlFor(1)).isEqualTo(self);
		assertThat(plan.baseUrlFor(2)).isEqualTo(alias);
		SaleReport report = new FlashSale(plan, http, json).run();
		assertThat(report.correct()).isTrue();
		assertThat(report.sold()).isEqualTo(10);
	}

	@Test
	void countsUnreachableInstanceAsErrors() throws Exception {
		URI self = URI.create("http://localhost:" + this.port);
		URI nobody = URI.create("http://localhost:1");
		SaleReport report = new FlashSale(new SalePlan(List.of(self, nobody), 31, 10, 20, 4, BuyMode.ATOMIC), http,
				json)
			.run();
		assertThat(report.completed()).isTrue();
		assertThat(report.errors()).isEqualTo(10);
		assertThat(report.progress().lastError()).contains("ConnectException");
		assertThat(report.sold()).isEqualTo(10);
	}

	@Test
	void runsOnce() throws Exception {
		FlashSale sale = new FlashSale(plan(32, BuyMode.ATOMIC), http, json);
		assertThat(sale.progress().done()).isZero();
		sale.run();
		assertThatIllegalStateException().isThrownBy(sale::run);
	}

	private SalePlan plan(long goodsId, BuyMode mode) {
		return new SalePlan(List.of(URI.create("http://localhost:" + this.port)), goodsId, STOCK, BUYERS, 16, mode);
	}

}
