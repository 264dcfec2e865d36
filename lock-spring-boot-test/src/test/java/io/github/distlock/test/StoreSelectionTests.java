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

package io.github.distlock.test;

import io.github.distlock.LockTemplate;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.MissingLockTemplateException;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.redis.RedisLocker;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.store.Locker;
import io.github.distlock.test.support.LockStoreRegistration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.NestedExceptionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which store {@code distlock.store} chooses with this artifact on the class path, and
 * {@link TakenLocks} whatever the store. Lettuce connects lazily, so these need no Redis
 * server.
 */
class StoreSelectionTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(AutoConfigurations
		.of(InMemoryLockerAutoConfiguration.class, TakenLocksAutoConfiguration.class, RedisLockAutoConfiguration.class,
				DistributedLockAutoConfiguration.class, DataRedisAutoConfiguration.class));

	@Test
	void storeIsRegisteredWhereDistlockFindsStores() {
		LockStoreRegistration.assertRegistered(InMemoryLockerAutoConfiguration.class, "in-memory");
	}

	@Test
	void inMemoryStoreReplacesRedisWhenChosen() {
		this.runner.withPropertyValues("distlock.store=in-memory").run((context) -> {
			assertThat(context).hasSingleBean(Locker.class)
				.hasSingleBean(InMemoryLocker.class)
				.doesNotHaveBean(RedisLocker.class);
			assertThat(context).hasSingleBean(LockTemplate.class);
		});
	}

	@Test
	void redisStaysTheStoreWhenNoneIsChosen() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(RedisLocker.class)
			.doesNotHaveBean(InMemoryLocker.class));
	}

	@Test
	void takenLocksListenWhateverTheStoreAndLeaveTheTemplateAsItIs() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(TakenLocks.class);
			assertThat(context.getBean(LockTemplate.class)).isInstanceOf(DefaultLockTemplate.class);
		});
	}

	@Test
	void unknownStoreFailsStartupNamingTheAvailableStores() {
		this.runner.withPropertyValues("distlock.store=mongo").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(MissingLockTemplateException.class)
				.hasMessage("distlock.store=mongo names no store on the class path; available: in-memory, redis");
		});
	}

	@Test
	void backsOffWhenDisabled() {
		this.runner.withPropertyValues("distlock.enabled=false", "distlock.store=in-memory")
			.run((context) -> assertThat(context).doesNotHaveBean(Locker.class).doesNotHaveBean(TakenLocks.class));
	}

}
