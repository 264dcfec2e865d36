package io.github.distlock.autoconfigure;

import io.github.distlock.zookeeper.ZooKeeperServers;
import io.github.distlock.zookeeper.autoconfigure.ZooKeeperLockAutoConfiguration;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The annotation's behaviours of {@link AbstractDistributedLockIntegrationTests} with the locks on
 * a real ZooKeeper server, through the locker's own client.
 */
@ImportAutoConfiguration({ ZooKeeperLockAutoConfiguration.class, DistributedLockAutoConfiguration.class,
		AopAutoConfiguration.class })
class ZooKeeperDistributedLockIntegrationTests extends AbstractDistributedLockIntegrationTests {

	@DynamicPropertySource
	static void zooKeeperProperties(DynamicPropertyRegistry registry) {
		registry.add("distlock.zookeeper.connect-string", ZooKeeperServers::connectString);
	}

}
