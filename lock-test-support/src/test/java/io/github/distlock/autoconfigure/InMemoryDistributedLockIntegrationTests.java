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

import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.store.Locker;
import io.github.distlock.test.support.AbstractDistributedLockIntegrationTests;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The annotation's behaviours of {@link AbstractDistributedLockIntegrationTests} with the
 * locks in this JVM's memory, the application's own {@link Locker}.
 */
@ImportAutoConfiguration({ DistributedLockAutoConfiguration.class, AopAutoConfiguration.class })
@Import(InMemoryDistributedLockIntegrationTests.Store.class)
class InMemoryDistributedLockIntegrationTests extends AbstractDistributedLockIntegrationTests {

	@TestConfiguration(proxyBeanMethods = false)
	static class Store {

		@Bean
		InMemoryLocker locker() {
			return new InMemoryLocker();
		}

	}

}
