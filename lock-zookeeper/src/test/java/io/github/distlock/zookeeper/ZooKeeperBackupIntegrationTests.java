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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.zookeeper.client.FourLetterWordMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.github.distlock.store.Acquisition;

import org.springframework.util.FileSystemUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What an ensemble rebuilt from a backup of its servers' data does to locks
 * (ZOOKEEPER.md, point d): it goes on from the backup's history, not from the ensemble it
 * replaces, so its fencing tokens can fall below tokens minted after the backup, and the
 * locks held then are held again, by their old sessions, until those expire.
 */
class ZooKeeperBackupIntegrationTests {

	private static final Duration LEASE = Duration.ofMinutes(5);

	private final String basePath = "/distlock-" + UUID.randomUUID();

	@TempDir
	private Path directories;

	@Test
	void ensembleRestoredFromABackupMintsTokensBelowThoseMintedAfterTheBackup() throws Exception {
		long afterBackup;
		try (TestingCluster ensemble = new TestingCluster(members("data", false))) {
			ensemble.start();
			try (CuratorFramework client = ZooKeeperServers.client(ensemble.getConnectString())) {
				ZooKeeperLocker locker = new ZooKeeperLocker(client, this.basePath, "lock");
				assertThat(locker.tryAcquire("before", "held in the backup", LEASE, Duration.ZERO)).returns(true,
						Acquisition::acquired);
				backUp();
				// A new leader after the backup: its epoch, the high half of every zxid,
				// is the next one.
				ensemble.killServer(leader(ensemble));
				assertThat(client.blockUntilConnected(30, TimeUnit.SECONDS)).isTrue();
				await().atMost(Duration.ofSeconds(30))
					.ignoreExceptions()
					.until(() -> locker.tryAcquire("after", "after the backup", LEASE, Duration.ZERO).acquired());
				// Life goes on after the backup: writes of the new epoch.
				for (int i = 0; i < 20; i++) {
					locker.fence("after", "after the backup");
				}
				afterBackup = locker.fence("after", "after the backup");
				locker.close();
			}
		}
		try (TestingCluster restored = new TestingCluster(members("backup", true))) {
			restored.start();
			try (CuratorFramework client = ZooKeeperServers.client(restored.getConnectString())) {
				ZooKeeperLocker locker = new ZooKeeperLocker(client, this.basePath, "lock");
				assertThat(locker.tryAcquire("after", "restored", LEASE, Duration.ZERO)).returns(true,
						Acquisition::acquired);
				assertThat(locker.fence("after", "restored")).as("a token of the restored ensemble")
					.isLessThan(afterBackup);
				assertThat(locker.find("before")).as("the lock held in the backup").isPresent();
				await().atMost(Duration.ofSeconds(60)).until(() -> locker.find("before").isEmpty());
				locker.close();
			}
		}
	}

	private List<InstanceSpec> members(String directory, boolean deleteOnClose) throws Exception {
		List<InstanceSpec> members = new ArrayList<>();
		int[] ports = FreePorts.distinct(9);
		for (int id = 1; id <= 3; id++) {
			Path data = Files.createDirectories(this.directories.resolve(directory + id));
			int first = 3 * (id - 1);
			members.add(new InstanceSpec(data.toFile(), ports[first], ports[first + 1], ports[first + 2], deleteOnClose,
					id));
		}
		return members;
	}

	/**
	 * Copies every member's data directory (snapshots, transaction logs, epochs), as a
	 * backup would.
	 */
	private void backUp() throws Exception {
		for (int id = 1; id <= 3; id++) {
			FileSystemUtils.copyRecursively(this.directories.resolve("data" + id),
					this.directories.resolve("backup" + id));
		}
	}

	private static InstanceSpec leader(TestingCluster ensemble) throws Exception {
		for (InstanceSpec instance : ensemble.getInstances()) {
			if (FourLetterWordMain.send4LetterWord(instance.getHostname(), instance.getPort(), "srvr")
				.contains("Mode: leader")) {
				return instance;
			}
		}
		throw new IllegalStateException("No member of " + ensemble.getConnectString() + " leads");
	}

}
