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

package io.github.distlock.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

import io.github.distlock.LockHandle;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.LockTemplate;
import io.github.distlock.test.redis.RedisCluster;
import io.github.distlock.test.redis.RedisServer;
import io.github.distlock.test.redis.RedisTopologyExtension;
import io.github.distlock.test.support.LockedServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The starter on a Redis Cluster of three masters with a replica each, found through
 * {@code spring.data.redis.cluster.nodes}; and a {@code @DistributedLock} on several
 * keys, whose locks live on different masters, taken all or nothing.
 */
class ClusterDeploymentIntegrationTests extends AbstractDeploymentIntegrationTests {

	@RegisterExtension
	static final RedisTopologyExtension<RedisCluster> redis = RedisTopologyExtension.cluster();

	@Override
	protected String[] connectionProperties() {
		return redis.get().springDataRedisProperties();
	}

	@Test
	void multiLockHoldsKeysOnEveryMasterAllOrNothing() {
		contextRunner().withBean(LockedServices.Orders.class).run((context) -> {
			LockedServices.Orders orders = context.getBean(LockedServices.Orders.class);
			StringRedisTemplate redisTemplate = context.getBean(StringRedisTemplate.class);
			List<Long> ids = oneIdPerMaster();
			List<Boolean> heldInRedis = new ArrayList<>();
			orders.all(ids, () -> ids.forEach((id) -> heldInRedis.add(redisTemplate.hasKey(lockKey(id)))));
			assertThat(heldInRedis).containsExactly(true, true, true);
			assertThat(ids).noneMatch((id) -> redisTemplate.hasKey(lockKey(id)));
			// The multi-lock takes its keys in order: with the last one busy, it has
			// taken and must give back the others.
			String last = ids.stream().map((id) -> "multi:" + id).sorted().reduce((a, b) -> b).orElseThrow();
			try (LockHandle busy = CompletableFuture
				.supplyAsync(() -> context.getBean(LockTemplate.class).tryAcquire(last, LEASE, null).orElseThrow())
				.join()) {
				assertThatExceptionOfType(LockNotAcquiredException.class)
					.isThrownBy(() -> orders.all(ids, () -> heldInRedis.add(false)));
				assertThat(ids).filteredOn((id) -> !last.equals("multi:" + id))
					.noneMatch((id) -> redisTemplate.hasKey(lockKey(id)));
			}
			assertThat(heldInRedis).hasSize(3);
		});
	}

	/** Ids of the multi-lock whose locks land on different masters, one on each. */
	private List<Long> oneIdPerMaster() {
		Map<Integer, Long> idByMaster = new TreeMap<>();
		for (long id = 1; idByMaster.size() < 3; id++) {
			RedisServer master = redis.get().masterOf(lockKey(id));
			idByMaster.putIfAbsent(master.port(), id);
		}
		return List.copyOf(idByMaster.values());
	}

	private String lockKey(long id) {
		return "{" + this.prefix + ":multi:" + id + "}";
	}

}
