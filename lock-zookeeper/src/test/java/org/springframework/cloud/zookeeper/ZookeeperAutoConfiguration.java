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

package org.springframework.cloud.zookeeper;

import org.apache.curator.framework.CuratorFramework;

import io.github.distlock.zookeeper.ZooKeeperServers;

import org.springframework.context.annotation.Bean;

/**
 * A stand-in, under its name, for Spring Cloud Zookeeper's auto-configuration, which
 * defines the application's {@link CuratorFramework}: the locker's auto-configuration
 * must come after it.
 */
public class ZookeeperAutoConfiguration {

	@Bean
	CuratorFramework curatorFramework() {
		return ZooKeeperServers.client();
	}

}
