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

import io.github.distlock.test.support.AbstractDistributedLockIntegrationTests;
import io.github.distlock.zookeeper.ZooKeeperServers;
import io.github.distlock.zookeeper.autoconfigure.ZooKeeperLockAutoConfiguration;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The annotation's behaviours of {@link AbstractDistributedLockIntegrationTests} with the
 * locks on a real ZooKeeper server, through the locker's own client.
 */
@ImportAutoConfiguration({ ZooKeeperLockAutoConfiguration.class, DistributedLockAutoConfiguration.class,
		AopAutoConfiguration.class })
class ZooKeeperDistributedLockIntegrationTests extends AbstractDistributedLockIntegrationTests {

	@DynamicPropertySource
	static void zooKeeperProperties(DynamicPropertyRegistry registry) {
		registry.add("distlock.zookeeper.connect-string", ZooKeeperServers::connectString);
	}

}
