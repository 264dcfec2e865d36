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

package io.github.distlock.zookeeper.autoconfigure;

import java.util.List;

import org.apache.curator.framework.CuratorFramework;

import io.github.distlock.autoconfigure.ConditionalOnLockStore;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.DistributedLockProperties;
import io.github.distlock.store.Locker;
import io.github.distlock.zookeeper.ZooKeeperLocker;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Auto-configuration of the ZooKeeper {@link Locker}: on the application's own
 * {@link CuratorFramework} when it has one (left open at shutdown, as it is the
 * application's, and with its own timeouts: {@code distlock.zookeeper.session-timeout}
 * and {@code connection-timeout}, if set, are ignored with a warning), otherwise on a
 * client of its own connected to {@code distlock.zookeeper.connect-string} and closed at
 * shutdown. It comes after Spring Cloud Zookeeper's auto-configuration, whose client is
 * then the application's; several clients with none primary fail start-up, naming them.
 *
 * @since 0.1.0
 */
// By name: Spring Cloud Zookeeper need not be on the class path.
@AutoConfiguration(before = DistributedLockAutoConfiguration.class,
		afterName = "org.springframework.cloud.zookeeper.ZookeeperAutoConfiguration")
@ConditionalOnClass(CuratorFramework.class)
@ConditionalOnBooleanProperty(name = "distlock.enabled", matchIfMissing = true)
@ConditionalOnLockStore("zookeeper")
@EnableConfigurationProperties({ DistributedLockProperties.class, ZooKeeperLockProperties.class })
@Import({ ZooKeeperLockAutoConfiguration.ApplicationClientConfiguration.class,
		ZooKeeperLockAutoConfiguration.OwnClientConfiguration.class,
		ZooKeeperLockAutoConfiguration.AmbiguousClientConfiguration.class })
public final class ZooKeeperLockAutoConfiguration {

	private static ZooKeeperLocker locker(CuratorFramework client, DistributedLockProperties properties,
			ZooKeeperLockProperties zooKeeperProperties) {
		return new ZooKeeperLocker(client, zooKeeperProperties.getBasePath(), properties.getKeyPrefix(),
				zooKeeperProperties.getTickTime());
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnSingleCandidate(CuratorFramework.class)
	static class ApplicationClientConfiguration {

		@Bean
		@ConditionalOnMissingBean(Locker.class)
		ZooKeeperLocker distributedLockZooKeeperLocker(CuratorFramework client, DistributedLockProperties properties,
				ZooKeeperLockProperties zooKeeperProperties, Environment environment) {
			ApplicationClientTimeouts.warnIfSet(environment);
			return locker(client, properties, zooKeeperProperties);
		}

	}

	/**
	 * Several clients, none primary: which one the locks belong on is the application's
	 * to say.
	 */
	@Configuration(proxyBeanMethods = false)
	@Conditional(SeveralClientsCondition.class)
	static class AmbiguousClientConfiguration {

		@Bean
		@ConditionalOnMissingBean(Locker.class)
		ZooKeeperLocker distributedLockZooKeeperLocker(ListableBeanFactory beans) {
			List<String> names = List.of(beans.getBeanNamesForType(CuratorFramework.class));
			throw new IllegalStateException("Locks on ZooKeeper need one CuratorFramework, but there are "
					+ names.size() + " and none is @Primary: " + String.join(", ", names)
					+ "; mark the one for locks @Primary, or define a Locker bean");
		}

	}

	/** Neither one candidate client nor none. */
	static class SeveralClientsCondition extends NoneNestedConditions {

		SeveralClientsCondition() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnSingleCandidate(CuratorFramework.class)
		static class SingleClient {

		}

		@ConditionalOnMissingBean(CuratorFramework.class)
		static class NoClient {

		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBean(CuratorFramework.class)
	@ConditionalOnProperty("distlock.zookeeper.connect-string")
	static class OwnClientConfiguration {

		@Bean
		@ConditionalOnMissingBean(Locker.class)
		LockCuratorClient distributedLockCuratorClient(ZooKeeperLockProperties zooKeeperProperties) {
			return new LockCuratorClient(zooKeeperProperties);
		}

		@Bean
		@ConditionalOnMissingBean(Locker.class)
		ZooKeeperLocker distributedLockZooKeeperLocker(LockCuratorClient client, DistributedLockProperties properties,
				ZooKeeperLockProperties zooKeeperProperties) {
			return locker(client.client(), properties, zooKeeperProperties);
		}

	}

}
