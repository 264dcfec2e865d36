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

package io.github.distlock.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import io.github.distlock.zookeeper.ZooKeeperLocker;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.TestingServer;

/**
 * A ZooKeeper server in this JVM (Curator's {@code TestingServer} runs the real server)
 * and one Curator client both contenders share; Curator's {@code InterProcessMutex} as
 * the baseline.
 */
final class ZooKeeperUnderTest implements StoreUnderTest {

	private final TestingServer server;

	private final CuratorFramework client;

	ZooKeeperUnderTest() {
		try {
			this.server = new TestingServer(true);
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not start ZooKeeper", ex);
		}
		this.client = CuratorFrameworkFactory.newClient(this.server.getConnectString(),
				new ExponentialBackoffRetry(100, 3));
		this.client.start();
	}

	@Override
	public String name() {
		return "zookeeper";
	}

	@Override
	public List<Contender> contenders(String namespace) {
		return List.of(new CuratorMutexContender(this.client, namespace),
				new LockerContender("distlock-zookeeper", new ZooKeeperLocker(this.client, "/distlock", namespace)));
	}

	@Override
	public void close() {
		this.client.close();
		try {
			this.server.close();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not stop ZooKeeper", ex);
		}
	}

}
