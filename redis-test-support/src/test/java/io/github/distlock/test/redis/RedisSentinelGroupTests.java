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

import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.redis.RedisServerTests.withCommands;
import static org.assertj.core.api.Assertions.assertThat;

/** The failover test runs last: it leaves the group without a replica. */
@TestMethodOrder(OrderAnnotation.class)
class RedisSentinelGroupTests {

	@RegisterExtension
	static final RedisTopologyExtension<RedisSentinelGroup> redis = RedisTopologyExtension.sentinel();

	@Test
	@Order(1)
	void sentinelsNameTheFirstServerAsMasterAndTheReplicaFollowsIt() {
		List<RedisServer> servers = redis.get().servers();
		assertThat(redis.get().master()).isEqualTo(servers.get(0));
		withCommands(servers.get(0), (commands) -> {
			commands.set("followed", "yes");
			assertThat(commands.waitForReplication(1, 10_000)).isOne();
		});
		withCommands(servers.get(1), (commands) -> assertThat(commands.get("followed")).isEqualTo("yes"));
		assertThat(redis.get().sentinelAddresses().split(",")).hasSize(3);
	}

	@Test
	@Order(2)
	void aKilledMasterIsReplacedByTheReplicaWithItsData() {
		RedisServer master = redis.get().master();
		withCommands(master, (commands) -> {
			commands.set("failover", "kept");
			assertThat(commands.waitForReplication(1, 10_000)).isOne();
		});
		master.kill();
		RedisServer replacement = redis.get().awaitFailover(master);
		assertThat(replacement).isEqualTo(redis.get().servers().get(1));
		withCommands(replacement, (commands) -> assertThat(commands.get("failover")).isEqualTo("kept"));
	}

}
