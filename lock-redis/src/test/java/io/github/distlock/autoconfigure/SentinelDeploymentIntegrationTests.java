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

import io.github.distlock.test.redis.RedisSentinelGroup;
import io.github.distlock.test.redis.RedisTopologyExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The starter on a master and a replica watched by three Sentinels, found through
 * {@code spring.data.redis.sentinel.master} and {@code .nodes}: it locks, releases,
 * renews and mints fencing tokens on the master the Sentinels name.
 */
class SentinelDeploymentIntegrationTests extends AbstractDeploymentIntegrationTests {

	@RegisterExtension
	static final RedisTopologyExtension<RedisSentinelGroup> redis = RedisTopologyExtension.sentinel();

	@Override
	protected String[] connectionProperties() {
		return redis.get().springDataRedisProperties();
	}

}
