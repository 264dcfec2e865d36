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

import java.util.stream.IntStream;

import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.test.redis.RedisServerExtension;
import io.github.distlock.test.support.AbstractDistributedLockIntegrationTests;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The annotation's behaviours of {@link AbstractDistributedLockIntegrationTests}
 * (transactions, async methods, keys, fallback, multi-locks) with the locks on five
 * Redlock masters.
 */
@ImportAutoConfiguration({ RedisLockAutoConfiguration.class, DistributedLockAutoConfiguration.class,
		AopAutoConfiguration.class })
class RedlockDistributedLockIntegrationTests extends AbstractDistributedLockIntegrationTests {

	@RegisterExtension
	static final RedisServerExtension nodes = RedisServerExtension.servers(5);

	@DynamicPropertySource
	static void redlockProperties(DynamicPropertyRegistry registry) {
		registry.add("distlock.redlock.nodes",
				() -> String.join(",", IntStream.range(0, 5).mapToObj((node) -> nodes.server(node).uri()).toList()));
		registry.add("distlock.redlock.node-timeout", () -> "2s");
	}

}
