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

import io.github.distlock.autoconfigure.ConditionalOnLockStore;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.store.Locker;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of locks in this JVM's memory when {@code distlock.store=in-memory},
 * so an application starts and locks without Redis: its {@code LockTemplate} and
 * {@code @DistributedLock} methods run over an {@link InMemoryLocker}.
 *
 * @since 0.1.0
 */
@AutoConfiguration(before = DistributedLockAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "distlock.enabled", matchIfMissing = true)
@ConditionalOnLockStore(value = "in-memory", chosenWhenAlone = false)
public final class InMemoryLockerAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(Locker.class)
	InMemoryLocker distributedLockInMemoryLocker() {
		return new InMemoryLocker();
	}

}
