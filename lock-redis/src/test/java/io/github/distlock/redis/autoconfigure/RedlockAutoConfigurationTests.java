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

package io.github.distlock.redis.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockContext;
import io.github.distlock.LockTemplate;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.redis.RedisLocker;
import io.github.distlock.redis.RedlockLocker;
import io.github.distlock.store.Locker;
import io.github.distlock.test.redis.RedisServer;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code distlock.redlock.*} in an application: five local masters listed, locks held by
 * a quorum of them and not on {@code spring.data.redis.*}; and every invalid
 * configuration failing start-up with what to change.
 */
class RedlockAutoConfigurationTests {

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(5);

	private final String prefix = "redlock-" + UUID.randomUUID();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class,
				DistributedLockAutoConfiguration.class, DataRedisAutoConfiguration.class))
		// Nothing listens on port 1: a lock that went to spring.data.redis.* would fail.
		.withPropertyValues("spring.data.redis.port=1", "distlock.key-prefix=" + this.prefix);

	@Test
	void locksAreHeldByEveryListedNodeAndNotByTheApplicationsRedis() {
		this.runner
			.withPropertyValues("distlock.redlock.nodes=" + String.join(",", uris(5)),
					"distlock.redlock.node-timeout=2s")
			.withBean(Goods.class)
			.run((context) -> {
				assertThat(context).getBean(Locker.class).isInstanceOf(RedlockLocker.class);
				assertThat(context).doesNotHaveBean(RedisLocker.class);
				String key = "{" + this.prefix + ":goods:42}";
				long holders = context.getBean(Goods.class)
					.purchase(42,
							() -> IntStream.range(0, 5)
								.filter((node) -> ownerOn(redis.server(node), key) != null)
								.count());
				assertThat(holders).isEqualTo(5);
				assertThat(IntStream.range(0, 5).filter((node) -> ownerOn(redis.server(node), key) != null)).isEmpty();
			});
	}

	@Test
	void nodesMayBeListedOneByOne() {
		List<String> uris = uris(3);
		this.runner
			.withPropertyValues("distlock.redlock.nodes[0]=" + uris.get(0), "distlock.redlock.nodes[1]=" + uris.get(1),
					"distlock.redlock.nodes[2]=" + uris.get(2), "distlock.redlock.node-timeout=2s")
			.run((context) -> {
				assertThat(context).getBean(Locker.class).isInstanceOf(RedlockLocker.class);
				assertThat(context.getBean(LockTemplate.class)
					.execute("goods:7", Duration.ofSeconds(5), Duration.ZERO, () -> "locked")).isEqualTo("locked");
			});
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', textBlock = """
			2 nodes | 50ms | lists 2 nodes                  | odd number of independent Redis masters
			4 nodes | 50ms | lists 4 nodes                  | odd number of independent Redis masters
			a typo  | 50ms | 'localhost:7000'               | redis://[user:password@]host:port[/db]
			a twin  | 50ms | more than once                 | List each independent Redis master once
			slow    | 5s   | node-timeout 5000 ms is not well below the lease | at most a tenth of the lease (3000 ms)
			""")
	void anInvalidConfigurationFailsStartupSayingWhatToChange(String nodes, String nodeTimeout, String problem,
			String action) {
		this.runner
			.withPropertyValues("distlock.redlock.nodes=" + String.join(",", invalidNodes(nodes)),
					"distlock.redlock.node-timeout=" + nodeTimeout)
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new InvalidRedlockConfigurationFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis).isNotNull();
				assertThat(analysis.getDescription()).contains(problem);
				assertThat(analysis.getAction()).contains(action);
			});
	}

	@Test
	void aFailureNeverShowsTheNodesPasswords() {
		String node = "redis://app:s3cr3t-pw@127.0.0.1:" + redis.server(0).port();
		for (List<String> nodes : List.of(List.of(node, node.replace("127.0.0.1", "localhost")),
				List.of(node, "app:s3cr3t-pw@localhost:7000", node.replace("127.0.0.1", "localhost")))) {
			this.runner.withPropertyValues("distlock.redlock.nodes=" + String.join(",", nodes)).run((context) -> {
				FailureAnalysis analysis = new InvalidRedlockConfigurationFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis).isNotNull();
				assertThat(analysis.getDescription()).contains("***@").doesNotContain("s3cr3t");
				assertThat(analysis.getAction()).doesNotContain("s3cr3t");
			});
		}
	}

	private static List<String> invalidNodes(String kind) {
		return switch (kind) {
			case "2 nodes" -> uris(2);
			case "4 nodes" -> uris(4);
			case "a typo" -> List.of(uris(1).get(0), "localhost:7000", uris(3).get(2));
			case "a twin" -> List.of(uris(1).get(0), uris(1).get(0), uris(3).get(2));
			default -> uris(3);
		};
	}

	private static List<String> uris(int count) {
		return IntStream.range(0, count).mapToObj((node) -> redis.server(node).uri()).toList();
	}

	private static String ownerOn(RedisServer server, String key) {
		return server.withConnection((connection) -> connection.sync().get(key));
	}

	/** An annotated bean: the annotation works on Redlock as on one Redis. */
	public static class Goods {

		@DistributedLock(name = "goods", key = "#id", leaseMs = 5000)
		public long purchase(long id, java.util.function.LongSupplier whileLocked) {
			assertThat(LockContext.current()).isPresent();
			return whileLocked.getAsLong();
		}

	}

}
