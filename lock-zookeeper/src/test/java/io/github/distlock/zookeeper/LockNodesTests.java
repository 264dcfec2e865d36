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

import java.util.UUID;

import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The ZooKeeper operations on lock nodes that the locker's answers do not show: the
 * watches they leave.
 */
class LockNodesTests {

	@Test
	void watchOfANodeAlreadyGoneLeavesNoWatch() {
		try (CuratorFramework client = ZooKeeperServers.client()) {
			LockPaths paths = new LockPaths("/distlock-" + UUID.randomUUID(), "lock");
			String gone = paths.node("key", "gone-lock-0000000001");
			assertThat(new LockNodes(client, paths).watch("key", gone, (event) -> {
			})).isFalse();
			// Sequential names are never reused: a watch left on one would never fire nor
			// go.
			assertThatExceptionOfType(KeeperException.NoWatcherException.class)
				.isThrownBy(() -> client.getZookeeperClient()
					.getZooKeeper()
					.removeAllWatches(gone, Watcher.WatcherType.Any, false));
		}
	}

}
