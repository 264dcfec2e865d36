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

import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.test.redis.RedisServerExtension;
import io.github.distlock.test.support.AbstractDistributedLockIntegrationTests;
import io.github.distlock.test.support.LockedServices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The annotation's behaviours of {@link AbstractDistributedLockIntegrationTests} with the
 * locks on a real Redis.
 */
@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, RedisLockAutoConfiguration.class,
		DistributedLockAutoConfiguration.class, AopAutoConfiguration.class })
class RedisDistributedLockIntegrationTests extends AbstractDistributedLockIntegrationTests {

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@DynamicPropertySource
	static void redisProperties(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", () -> redis.server().port());
	}

	@Test
	void nullKeyFailsCallBeforeRedisIsTouchedAndMethodDoesNotRun() {
		redis.server().resetStatistics();
		assertThatIllegalArgumentException().isThrownBy(() -> this.orders.byProperty(new LockedServices.Order(null)))
			.withMessage("Lock key expression '#order.id' on Orders.byProperty(Order) evaluated to null");
		assertThat(this.orders.bodyRuns()).isZero();
		assertThat(redis.server().commandCalls()).doesNotContainKeys("evalsha", "eval");
	}

}
