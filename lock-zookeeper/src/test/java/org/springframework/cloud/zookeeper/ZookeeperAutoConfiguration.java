package org.springframework.cloud.zookeeper;

import org.apache.curator.framework.CuratorFramework;

import io.github.distlock.zookeeper.ZooKeeperServers;

import org.springframework.context.annotation.Bean;

/**
 * A stand-in, under its name, for Spring Cloud Zookeeper's auto-configuration, which defines the
 * application's {@link CuratorFramework}: the locker's auto-configuration must come after it.
 */
public class ZookeeperAutoConfiguration {

	@Bean
	CuratorFramework curatorFramework() {
		return ZooKeeperServers.client();
	}

}
