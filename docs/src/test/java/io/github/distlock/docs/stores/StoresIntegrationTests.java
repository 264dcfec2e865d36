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

package io.github.distlock.docs.stores;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.docs.Instances;
import io.github.distlock.test.redis.RedisServerExtension;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The store pages' claim that the template behaves the same on each store: on a real
 * Redis, on H2 through the JDBC store and on a real ZooKeeper server, two instances with
 * the same settings exclude each other, and a later holder gets a larger fencing token.
 */
class StoresIntegrationTests {

	/**
	 * A thread of its own per call: a pooled thread may still hold a lock of an earlier
	 * call, and re-enter it.
	 */
	private static final Executor NEW_THREAD = (task) -> new Thread(task).start();

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@Test
	void redis() {
		twoInstancesExcludeEachOther("distlock.store=redis", "spring.data.redis.host=" + redis.server().host(),
				"spring.data.redis.port=" + redis.server().port());
	}

	@Test
	void jdbc() {
		twoInstancesExcludeEachOther("distlock.store=jdbc",
				"spring.datasource.url=jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
	}

	@Test
	void zooKeeper() throws Exception {
		try (TestingServer server = new TestingServer(true)) {
			twoInstancesExcludeEachOther("distlock.store=zookeeper",
					"distlock.zookeeper.connect-string=" + server.getConnectString());
		}
	}

	private static void twoInstancesExcludeEachOther(String... properties) {
		try (ConfigurableApplicationContext one = Instances.start(Application.class, properties);
				ConfigurableApplicationContext two = Instances.start(Application.class, properties)) {
			LockTemplate first = one.getBean(LockTemplate.class);
			LockTemplate second = two.getBean(LockTemplate.class);
			long firstToken;
			try (LockHandle lock = first.tryAcquire("goods:42", Duration.ofSeconds(10), null).orElseThrow()) {
				firstToken = lock.fencingToken();
				assertThat(tryOnceAndClose(second)).isEmpty();
			}
			assertThat(tryOnceAndClose(second))
				.hasValueSatisfying((token) -> assertThat(token).isGreaterThan(firstToken));
		}
	}

	private static Optional<Long> tryOnceAndClose(LockTemplate lockTemplate) {
		return CompletableFuture.supplyAsync(() -> {
			Optional<LockHandle> handle = lockTemplate.tryAcquire("goods:42", Duration.ofSeconds(10), null);
			try {
				return handle.map(LockHandle::fencingToken);
			}
			finally {
				handle.ifPresent(LockHandle::close);
			}
		}, NEW_THREAD).orTimeout(30, TimeUnit.SECONDS).join();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Application {

	}

}
