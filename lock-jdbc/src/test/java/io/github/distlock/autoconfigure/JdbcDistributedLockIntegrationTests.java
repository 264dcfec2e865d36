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

import io.github.distlock.jdbc.autoconfigure.JdbcLockAutoConfiguration;
import io.github.distlock.test.support.AbstractDistributedLockIntegrationTests;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.test.context.TestPropertySource;

/**
 * The annotation's behaviours of {@link AbstractDistributedLockIntegrationTests} with the
 * locks in a table of the application's own database (H2), the one its transactions write
 * to: the lock's statements run beside the caller's transaction, never in it.
 */
@ImportAutoConfiguration({ JdbcLockAutoConfiguration.class, DistributedLockAutoConfiguration.class,
		AopAutoConfiguration.class })
@TestPropertySource(properties = "distlock.jdbc.initialize-schema=always")
class JdbcDistributedLockIntegrationTests extends AbstractDistributedLockIntegrationTests {

}
