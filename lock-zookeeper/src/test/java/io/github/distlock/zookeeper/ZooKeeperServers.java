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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingCluster;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/**
 * One real ZooKeeper ensemble of three servers in this JVM (Curator's
 * {@code TestingCluster}) for every test that needs one, started on first use on free
 * ports, and clients of it with short timeouts. Writes go through the ensemble's leader
 * and quorum; the clients all connect to one member, so that a test reading right after
 * another client's write sees it (ZooKeeper orders reads per server, and another member
 * may not have applied the write yet). The ensemble test spreads its clients over its own
 * three servers.
 */
public final class ZooKeeperServers {

	static {
		// Lock directories are container nodes: have the server delete empty ones within
		// a second.
		System.setProperty("znode.container.checkIntervalMs", "1000");
	}

	/** How often the server checks for empty container nodes, in milliseconds. */
	public static final long CONTAINER_CHECK_MILLIS = 1000;

	/** Session timeout of the test clients, in milliseconds. */
	public static final int SESSION_TIMEOUT_MILLIS = 10_000;

	private static TestingCluster ensemble;

	private ZooKeeperServers() {
	}

	/**
	 * Returns the connect string of one member of the shared ensemble, starting it on
	 * first use.
	 * @return host and port of that member
	 */
	public static synchronized String connectString() {
		if (ensemble == null) {
			try {
				TestingCluster started = new TestingCluster(3);
				started.start();
				ensemble = started;
			}
			catch (Exception ex) {
				throw new IllegalStateException("Could not start a ZooKeeper ensemble", ex);
			}
		}
		return ensemble.getInstances().iterator().next().getConnectString();
	}

	/**
	 * Returns a started client of the shared ensemble, a process of its own (its own
	 * session).
	 * @return the client, to close
	 */
	public static CuratorFramework client() {
		return client(connectString());
	}

	/**
	 * Returns a started client, connected or failing within a few seconds.
	 * @param connectString the servers
	 * @return the client, to close
	 */
	public static CuratorFramework client(String connectString) {
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs(SESSION_TIMEOUT_MILLIS)
			.connectionTimeoutMs(5_000)
			.retryPolicy(new RetryOneTime(100))
			.build();
		client.start();
		try {
			if (!client.blockUntilConnected(30, TimeUnit.SECONDS)) {
				throw new IllegalStateException("Could not connect to ZooKeeper at " + connectString);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		return client;
	}

	/**
	 * Ends a client's session on the server, as the server does when the client falls
	 * silent for longer than its session timeout: its ephemeral nodes are deleted and the
	 * client is told its session expired.
	 * @param client the client whose session ends
	 */
	public static void expireSession(CuratorFramework client) {
		try {
			ZooKeeper zooKeeper = client.getZookeeperClient().getZooKeeper();
			CountDownLatch connected = new CountDownLatch(1);
			// A twin handle on the same session: once it is connected, closing it closes
			// the session.
			ZooKeeper twin = new ZooKeeper(client.getZookeeperClient().getCurrentConnectionString(),
					SESSION_TIMEOUT_MILLIS, (event) -> {
						if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
							connected.countDown();
						}
					}, zooKeeper.getSessionId(), zooKeeper.getSessionPasswd());
			try {
				if (!connected.await(30, TimeUnit.SECONDS)) {
					throw new IllegalStateException("Could not connect to the session to expire it");
				}
			}
			finally {
				twin.close();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not expire the session", ex);
		}
	}

}
