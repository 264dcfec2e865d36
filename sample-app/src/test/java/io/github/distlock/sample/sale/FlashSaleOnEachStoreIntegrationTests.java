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

import io.github.distlock.sample.SeckillApplication;
import io.github.distlock.sample.goods.BuyMode;
import io.github.distlock.store.Locker;
import io.github.distlock.test.redis.RedisServerExtension;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The flash sale in {@code lock} mode with its locks in each store
 * ({@code --distlock.store=...}), the goods in Redis: it sells out exactly, once to each
 * buyer. The database is the sample's in-memory H2; ZooKeeper a server of this test's, on
 * a free port.
 */
class FlashSaleOnEachStoreIntegrationTests {

	private static final int BUYERS = 300;

	private static final long STOCK = 100;

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private static final HttpClient http = FlashSale.newHttpClient();

	private static final JsonMapper json = JsonMapper.builder().build();

	@ParameterizedTest
	@CsvSource({ "redis, RedisLocker", "jdbc, JdbcLocker", "zookeeper, ZooKeeperLocker" })
	void sellsOutExactlyOnceToEachBuyer(String store, String locker) throws Exception {
		try (TestingServer zookeeper = new TestingServer();
				ConfigurableApplicationContext application = new SpringApplicationBuilder(SeckillApplication.class).run(
						"--server.port=0", "--spring.data.redis.port=" + redis.server().port(),
						"--distlock.store=" + store,
						"--distlock.zookeeper.connect-string=" + zookeeper.getConnectString())) {
			assertThat(application.getBean(Locker.class).getClass().getSimpleName()).isEqualTo(locker);
			int port = ((WebServerApplicationContext) application).getWebServer().getPort();
			SalePlan plan = new SalePlan(List.of(URI.create("http://localhost:" + port)), 50, STOCK, BUYERS, 16,
					BuyMode.LOCK);
			SaleReport report = new FlashSale(plan, http, json).run();
			assertThat(report.completed()).isTrue();
			assertThat(report.errors()).as("errors, the last: %s", report.progress().lastError()).isZero();
			assertThat(report.sold()).isEqualTo(STOCK);
			assertThat(report.oversold()).isZero();
			assertThat(report.duplicateBuyers()).isZero();
			assertThat(report.correct()).isTrue();
		}
	}

}
