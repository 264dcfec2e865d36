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

import io.github.distlock.LockTemplate;
import io.github.distlock.redis.RedisLocker;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * An application that stops right after it started, while its release-notice subscription
 * may still be connecting, closes promptly: the locker stops before the connection
 * factory.
 */
class LockerLifecycleIntegrationTests {

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class,
				DistributedLockAutoConfiguration.class, DataRedisAutoConfiguration.class))
		.withPropertyValues("spring.data.redis.port=" + redis.server().port());

	@Test
	void contextClosedRightAfterStartStopsLockerFirstAndPromptly() {
		for (int i = 0; i < 10; i++) {
			assertTimeoutPreemptively(Duration.ofSeconds(20), () -> this.runner.run((context) -> {
				assertThat(context).hasSingleBean(LockTemplate.class);
				RedisLocker locker = context.getBean(RedisLocker.class);
				((ConfigurableApplicationContext) context.getSourceApplicationContext()).close();
				assertThat(locker.isRunning()).isFalse();
			}));
		}
	}

}
