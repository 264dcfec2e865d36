package io.github.distlock.zookeeper;

import java.util.UUID;

import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The ZooKeeper operations on lock nodes that the locker's answers do not show: the watches they
 * leave.
 */
class LockNodesTests {

	@Test
	void watchOfANodeAlreadyGoneLeavesNoWatch() {
		try (CuratorFramework client = ZooKeeperServers.client()) {
			LockPaths paths = new LockPaths("/distlock-" + UUID.randomUUID(), "lock");
			String gone = paths.node("key", "gone-lock-0000000001");
			assertThat(new LockNodes(client, paths).watch("key", gone, (event) -> {
			})).isFalse();
			// Sequential names are never reused: a watch left on one would never fire nor go.
			assertThatExceptionOfType(KeeperException.NoWatcherException.class).isThrownBy(() -> client.getZookeeperClient()
				.getZooKeeper()
				.removeAllWatches(gone, Watcher.WatcherType.Any, false));
		}
	}

}
