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

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.endpoint.HolderAsSeenElsewhere;
import io.github.distlock.endpoint.LocksEndpoint.HolderDescriptor;
import io.github.distlock.endpoint.LocksEndpoint;
import io.github.distlock.health.DistributedLockHealthIndicator;
import io.github.distlock.health.RecentLeaseLosses;

import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code distlock} health and the {@code locks} endpoint on ZooKeeper: up with
 * release notices while connected, down once the server is gone; the instance holding a
 * lock named, with no lease to tell.
 */
class ZooKeeperActuatorTests {

	private final String basePath = "/distlock-" + UUID.randomUUID();

	@Test
	void healthIsUpWhileConnectedAndDownOnceTheServerIsGone() throws Exception {
		try (TestingServer server = new TestingServer(true);
				CuratorFramework client = ZooKeeperServers.client(server.getConnectString());
				ZooKeeperLocker locker = new ZooKeeperLocker(client, this.basePath, "lock")) {
			DistributedLockHealthIndicator indicator = new DistributedLockHealthIndicator(locker, Duration.ofSeconds(5),
					new RecentLeaseLosses());
			try {
				await().atMost(Duration.ofSeconds(10))
					.until(() -> indicator.health(true).getStatus().equals(Status.UP));
				assertThat(indicator.health(true).getDetails()).containsEntry("store", "answers")
					.containsEntry("releaseNotices", "subscribed");
				server.stop();
				await().atMost(Duration.ofSeconds(30))
					.until(() -> indicator.health(true).getStatus().equals(Status.DOWN));
			}
			finally {
				indicator.destroy();
			}
		}
	}

	@Test
	void locksEndpointNamesTheInstanceHoldingALock() {
		try (CuratorFramework holderClient = ZooKeeperServers.client();
				CuratorFramework askerClient = ZooKeeperServers.client();
				ZooKeeperLocker holderLocker = new ZooKeeperLocker(holderClient, this.basePath, "lock");
				ZooKeeperLocker askerLocker = new ZooKeeperLocker(askerClient, this.basePath, "lock");
				DefaultLockTemplate holder = template(holderLocker, "billing-1");
				DefaultLockTemplate asker = template(askerLocker, "billing-2")) {
			HolderDescriptor seen = HolderAsSeenElsewhere.holder(holder, "billing-1", null, new LocksEndpoint(asker));
			assertThat(seen.leaseLeftMillis()).as("only the holder's process knows its lease").isNull();
		}
	}

	private static DefaultLockTemplate template(ZooKeeperLocker locker, String instance) {
		return new DefaultLockTemplate(locker, WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), List.of(),
				instance);
	}

}
