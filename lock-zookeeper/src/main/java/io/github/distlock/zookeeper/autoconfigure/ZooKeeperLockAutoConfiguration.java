package io.github.distlock.zookeeper.autoconfigure;

import org.apache.curator.framework.CuratorFramework;

import io.github.distlock.autoconfigure.ConditionalOnLockStore;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.DistributedLockProperties;
import io.github.distlock.core.Locker;
import io.github.distlock.zookeeper.ZooKeeperLocker;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Auto-configuration of the ZooKeeper {@link Locker}: on the application's own
 * {@link CuratorFramework} when it has one (left open at shutdown, as it is the application's),
 * otherwise on a client of its own connected to {@code distlock.zookeeper.connect-string} and
 * closed at shutdown.
 *
 * @since 0.1.0
 */
@AutoConfiguration(before = DistributedLockAutoConfiguration.class)
@ConditionalOnClass(CuratorFramework.class)
@ConditionalOnBooleanProperty(name = "distlock.enabled", matchIfMissing = true)
@ConditionalOnLockStore("zookeeper")
@EnableConfigurationProperties({ DistributedLockProperties.class, ZooKeeperLockProperties.class })
@Import({ ZooKeeperLockAutoConfiguration.ApplicationClientConfiguration.class,
		ZooKeeperLockAutoConfiguration.OwnClientConfiguration.class })
public final class ZooKeeperLockAutoConfiguration {

	private static ZooKeeperLocker locker(CuratorFramework client, DistributedLockProperties properties,
			ZooKeeperLockProperties zooKeeperProperties) {
		return new ZooKeeperLocker(client, zooKeeperProperties.getBasePath(), properties.getKeyPrefix());
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnSingleCandidate(CuratorFramework.class)
	static class ApplicationClientConfiguration {

		@Bean
		@ConditionalOnMissingBean(Locker.class)
		ZooKeeperLocker distributedLockZooKeeperLocker(CuratorFramework client, DistributedLockProperties properties,
				ZooKeeperLockProperties zooKeeperProperties) {
			return locker(client, properties, zooKeeperProperties);
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
