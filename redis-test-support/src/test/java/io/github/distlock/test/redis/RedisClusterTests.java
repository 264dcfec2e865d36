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

package io.github.distlock.test.redis;

import java.util.List;

import io.lettuce.core.RedisURI;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.redis.RedisServerTests.withCommands;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The failover test runs last: it leaves the cluster with a master that has no replica.
 */
@TestMethodOrder(OrderAnnotation.class)
class RedisClusterTests {

	@RegisterExtension
	static final RedisTopologyExtension<RedisCluster> redis = RedisTopologyExtension.cluster();

	@Test
	@Order(1)
	void threeMastersShareTheSlotsAndAClusterClientReachesThemAll() {
		List<RedisServer> nodes = redis.get().nodes();
		assertThat(List.of(redis.get().masterOf(0), redis.get().masterOf(8000),
				redis.get().masterOf(SlotHash.SLOT_COUNT - 1)))
			.containsExactlyElementsOf(nodes.subList(0, 3));
		RedisClusterClient client = RedisClusterClient
			.create(RedisURI.create(nodes.get(5).host(), nodes.get(5).port()));
		try (StatefulRedisClusterConnection<String, String> connection = client.connect()) {
			for (String key : List.of("a", "b", "c", "d", "e")) {
				connection.sync().set(key, "value of " + key);
				assertThat(connection.sync().get(key)).isEqualTo("value of " + key);
			}
		}
		finally {
			client.shutdown();
		}
	}

	@Test
	@Order(2)
	void aKilledMasterIsReplacedByItsReplicaWithItsData() {
		RedisServer master = redis.get().masterOf("failover");
		withCommands(master, (commands) -> {
			commands.set("failover", "kept");
			assertThat(commands.waitForReplication(1, 10_000)).isOne();
		});
		redis.get().kill(master);
		RedisServer replacement = redis.get().awaitFailover(master);
		assertThat(replacement).isNotEqualTo(master).isIn(redis.get().nodes().subList(3, 6));
		assertThat(redis.get().masterOf("failover")).isEqualTo(replacement);
		withCommands(replacement, (commands) -> assertThat(commands.get("failover")).isEqualTo("kept"));
	}

}
