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
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatRuntimeException;
import static org.awaitility.Awaitility.await;

/**
 * ZooKeeper out of reach (ZOOKEEPER.md, points b and e): calls fail within a bounded time
 * rather than hang, and release notices are inactive while the connection is down and
 * resume after.
 */
class ZooKeeperOutageIntegrationTests {

	private static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(1);

	/** Two tries of the connection timeout, with room for a loaded machine. */
	private static final Duration BOUND = Duration.ofSeconds(10);

	private static final Duration LEASE = Duration.ofSeconds(30);

	/**
	 * The longest session timeout the test server grants (twenty ticks): its quarter
	 * outlasts a restart.
	 */
	private static final Duration LONG_SESSION = Duration.ofSeconds(20);

	private final String key = "outage:" + UUID.randomUUID();

	@Test
	void callsFailWithinBoundWhenNoServerAnswers() {
		try (CuratorFramework client = unconnectedClient();
				ZooKeeperLocker locker = new ZooKeeperLocker(client, "/distlock", "lock")) {
			assertFailsWithinBound(locker::ping);
			assertFailsWithinBound(() -> locker.tryAcquire(this.key, "owner", Duration.ofSeconds(30), Duration.ZERO));
			assertThat(locker.releaseNoticesActive()).isFalse();
		}
	}

	@Test
	void noticesAreInactiveWhileDisconnectedAndResumeAfter() throws Exception {
		try (TestingServer server = new TestingServer(true);
				CuratorFramework client = ZooKeeperServers.client(server.getConnectString());
				ZooKeeperLocker locker = new ZooKeeperLocker(client, "/distlock", "lock")) {
			BlockingQueue<String> resumed = new LinkedBlockingQueue<>();
			locker.onRelease(new ResumptionListener(resumed));
			try (ReleaseSubscription subscription = locker.subscribe(this.key, Duration.ofSeconds(10))) {
				assertThat(subscription.isActive()).isTrue();
				server.stop();
				await().atMost(BOUND).until(() -> !subscription.isActive() && !locker.releaseNoticesActive());
				server.restart();
				assertThat(resumed.poll(30, TimeUnit.SECONDS)).isEqualTo(this.key);
				assertThat(subscription.isActive()).isTrue();
			}
		}
	}

	@Test
	void holderIsToldItMayHaveLostItsLockBeforeTheServerCanExpireItsSession() throws Exception {
		try (TestingServer server = new TestingServer(true);
				CuratorFramework client = ZooKeeperServers.client(server.getConnectString())) {
			CountDownLatch sessionLost = new CountDownLatch(1);
			client.getConnectionStateListenable().addListener((changed, state) -> {
				if (state == ConnectionState.LOST) {
					sessionLost.countDown();
				}
			});
			LockingContexts.on(client, "/distlock").run((context) -> {
				LockTemplate template = context.getBean(LockTemplate.class);
				LockHandle held = template.tryAcquire(this.key, Duration.ofMinutes(10), Duration.ZERO).orElseThrow();
				server.stop();
				await().atMost(BOUND).until(() -> !held.isHeld());
				assertThat(sessionLost.getCount())
					.as("told a quarter of the session timeout after the connection was "
							+ "suspended, while Curator waits for the whole timeout to call the session lost")
					.isEqualTo(1);
				server.restart();
				assertThat(client.blockUntilConnected(30, TimeUnit.SECONDS)).isTrue();
				held.close();
				try (LockHandle again = template.tryAcquire(this.key, LEASE, BOUND).orElseThrow()) {
					assertThat(again.isHeld()).isTrue();
				}
			});
		}
	}

	@Test
	void holderKeepsItsLockThroughAnOutageShorterThanAQuarterOfTheSessionTimeout() throws Exception {
		try (TestingServer server = new TestingServer(true);
				CuratorFramework client = clientWithSessionTimeout(server, LONG_SESSION)) {
			BlockingQueue<ConnectionState> states = new LinkedBlockingQueue<>();
			client.getConnectionStateListenable().addListener((changed, state) -> {
				// The first connection's CONNECTED may be delivered after the listener is
				// added.
				if (state != ConnectionState.CONNECTED) {
					states.add(state);
				}
			});
			LockingContexts.on(client, "/distlock").run((context) -> {
				assertThat(client.getZookeeperClient().getLastNegotiatedSessionTimeoutMs())
					.isEqualTo((int) LONG_SESSION.toMillis());
				LockHandle held = context.getBean(LockTemplate.class)
					.tryAcquire(this.key, Duration.ofMinutes(10), Duration.ZERO)
					.orElseThrow();
				server.restart();
				assertThat(states.poll(30, TimeUnit.SECONDS)).isEqualTo(ConnectionState.SUSPENDED);
				assertThat(states.poll(30, TimeUnit.SECONDS)).as("the same session, back")
					.isEqualTo(ConnectionState.RECONNECTED);
				await().during(LONG_SESSION.dividedBy(4).plusSeconds(1)).atMost(LONG_SESSION).until(held::isHeld);
				held.close();
			});
		}
	}

	@Test
	void nodeQueuedBeforeTheSessionWasLostIsNeverClaimed() throws Exception {
		try (TestingServer server = new TestingServer(true);
				CuratorFramework holderClient = ZooKeeperServers.client(server.getConnectString());
				CuratorFramework waiterClient = ZooKeeperServers.client(server.getConnectString());
				ZooKeeperLocker holder = new ZooKeeperLocker(holderClient, "/distlock", "lock");
				ZooKeeperLocker waiter = new ZooKeeperLocker(waiterClient, "/distlock", "lock")) {
			assertThat(holder.tryAcquire(this.key, "holder", LEASE, Duration.ZERO).acquired()).isTrue();
			assertThat(waiter.tryAcquire(this.key, "waiter", LEASE, Duration.ofMinutes(5)).acquired()).isFalse();
			CountDownLatch lost = new CountDownLatch(1);
			waiterClient.getConnectionStateListenable().addListener((client, state) -> {
				if (state == ConnectionState.LOST) {
					lost.countDown();
				}
			});
			server.stop();
			assertThat(lost.await(60, TimeUnit.SECONDS)).isTrue();
			// Restarted, the server keeps the old sessions, and their nodes, for a
			// session timeout more.
			server.restart();
			try (CuratorFramework admin = ZooKeeperServers.client(server.getConnectString())) {
				String directory = new LockPaths("/distlock", "lock").directory(this.key);
				List<String> queue = LockQueue.of(admin.getChildren().forPath(directory)).children();
				assertThat(queue).hasSize(2);
				admin.delete().forPath(directory + "/" + queue.get(0));
				await().atMost(BOUND)
					.until(() -> waiter.tryAcquire(this.key, "waiter", LEASE, Duration.ZERO).acquired());
				String node = directory + "/" + LockQueue.of(admin.getChildren().forPath(directory)).holder();
				assertThat(admin.checkExists().forPath(node).getEphemeralOwner())
					.as("held with a node of the current session")
					.isEqualTo(waiterClient.getZookeeperClient().getZooKeeper().getSessionId());
			}
		}
	}

	private static void assertFailsWithinBound(Runnable call) {
		long started = System.nanoTime();
		assertThatRuntimeException().isThrownBy(call::run);
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(BOUND);
	}

	private static CuratorFramework clientWithSessionTimeout(TestingServer server, Duration sessionTimeout)
			throws InterruptedException {
		CuratorFramework client = startedClient(server.getConnectString(), sessionTimeout);
		assertThat(client.blockUntilConnected(30, TimeUnit.SECONDS)).isTrue();
		return client;
	}

	/** A client of a port nobody listens on. */
	private static CuratorFramework unconnectedClient() {
		return startedClient("127.0.0.1:" + InstanceSpec.getRandomPort(),
				Duration.ofMillis(ZooKeeperServers.SESSION_TIMEOUT_MILLIS));
	}

	/** A started client with the locker's own client's retry policy. */
	private static CuratorFramework startedClient(String connectString, Duration sessionTimeout) {
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.connectionTimeoutMs((int) CONNECTION_TIMEOUT.toMillis())
			.sessionTimeoutMs((int) sessionTimeout.toMillis())
			.retryPolicy(new RetryOneTime(100))
			.build();
		client.start();
		return client;
	}

	/** Tells of resumed notices only. */
	private record ResumptionListener(BlockingQueue<String> resumed) implements ReleaseListener {

		@Override
		public void released(String key) {
		}

		@Override
		public void noticesResumed(String key) {
			this.resumed.add(key);
		}

	}

}
