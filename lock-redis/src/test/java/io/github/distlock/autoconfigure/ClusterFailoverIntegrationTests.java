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

import io.github.distlock.test.redis.RedisCluster;
import io.github.distlock.test.redis.RedisTopologyExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Failovers of a master of a Redis Cluster of three masters with a replica each, found
 * through {@code spring.data.redis.cluster.nodes}, with Lettuce's topology refresh on.
 */
class ClusterFailoverIntegrationTests extends AbstractFailoverIntegrationTests {

	@RegisterExtension
	static final RedisTopologyExtension<RedisCluster> redis = RedisTopologyExtension.cluster();

	ClusterFailoverIntegrationTests() {
		super(redis);
	}

	/**
	 * Spring Boot leaves Lettuce's topology refresh off: Lettuce then never learns that a
	 * replica took over the dead master's slots, and every command for them fails until
	 * the application restarts. Adaptive refresh alone is not enough: it is triggered by
	 * reconnecting, and a connection to the dead master that was never opened is never
	 * reconnected. So, as the Redis guide page advises, a period too.
	 */
	@Override
	protected String[] clientProperties() {
		return new String[] { "spring.data.redis.lettuce.cluster.refresh.adaptive=true",
				"spring.data.redis.lettuce.cluster.refresh.period=2s" };
	}

}
