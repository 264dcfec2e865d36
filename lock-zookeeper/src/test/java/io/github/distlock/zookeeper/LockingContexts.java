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

package io.github.distlock.zookeeper;

import org.apache.curator.framework.CuratorFramework;

import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.zookeeper.autoconfigure.ZooKeeperLockAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Application contexts that lock on ZooKeeper through the auto-configuration, each one
 * process with its own Curator client, with a short watchdog lease so that a lost lock is
 * noticed soon.
 */
final class LockingContexts {

	private LockingContexts() {
	}

	/**
	 * Returns a runner of contexts locking through {@code client}.
	 * @param client the process's client, closed by the test
	 * @param basePath the node under which the test's locks are
	 * @return the runner
	 */
	static ApplicationContextRunner on(CuratorFramework client, String basePath) {
		return new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class, DistributedLockAutoConfiguration.class))
			.withPropertyValues("distlock.zookeeper.base-path=" + basePath, "distlock.watchdog.lease=3s")
			.withBean(CuratorFramework.class, () -> client);
	}

}
