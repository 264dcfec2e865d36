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

import java.time.Duration;
import java.util.UUID;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Locks live on the Redis that Spring Boot's connection details name, as Testcontainers'
 * {@code @ServiceConnection} registers them, rather than on the one
 * {@code spring.data.redis.*} names: distlock uses the application's own connection.
 */
class ServiceConnectionIntegrationTests {

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@Test
	void locksLiveOnTheServerTheConnectionDetailsName() {
		String prefix = "sc-" + UUID.randomUUID();
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, RedisLockAutoConfiguration.class,
					DistributedLockAutoConfiguration.class))
			.withPropertyValues("spring.data.redis.port=1", "distlock.key-prefix=" + prefix)
			.withBean(DataRedisConnectionDetails.class, () -> new DataRedisConnectionDetails() {

				@Override
				public Standalone getStandalone() {
					return Standalone.of(redis.server().host(), redis.server().port());
				}

			})
			.run((context) -> {
				try (LockHandle lock = context.getBean(LockTemplate.class)
					.tryAcquire("goods:42", Duration.ofSeconds(30), Duration.ZERO)
					.orElseThrow()) {
					assertThat(context.getBean(StringRedisTemplate.class).keys("*" + prefix + ":*")).isNotEmpty();
					assertThat(lock.fencingToken()).isPositive();
				}
			});
	}

}
