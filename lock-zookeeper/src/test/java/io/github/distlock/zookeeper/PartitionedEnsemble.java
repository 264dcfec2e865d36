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
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.QuorumConfigBuilder;
import org.apache.curator.test.TestingZooKeeperServer;
import org.apache.zookeeper.client.FourLetterWordMain;

/**
 * A real ensemble of three ZooKeeper servers in this JVM whose first member reaches the
 * other two through {@link PartitionProxy proxies} on their quorum ports, so that a test
 * can cut it off from the leader while the leader and the other follower keep their
 * quorum. The first member has the lowest server id, so a fresh ensemble elects another
 * one; {@link #awaitFirstFollows()} checks it.
 */
final class PartitionedEnsemble implements AutoCloseable {

	/** The servers' tickTime, in milliseconds. */
	static final int TICK_MILLIS = 500;

	/** Ticks a follower waits for its leader before it gives up following. */
	static final int SYNC_LIMIT = 10;

	private final List<InstanceSpec> specs = new ArrayList<>();

	private final List<PartitionProxy> proxies = new ArrayList<>();

	private final List<TestingZooKeeperServer> servers = new ArrayList<>();

	PartitionedEnsemble() throws Exception {
		int[] ports = FreePorts.distinct(9);
		for (int index = 0; index < 3; index++) {
			this.specs.add(new InstanceSpec(null, ports[3 * index], ports[3 * index + 1], ports[3 * index + 2], true,
					-1, TICK_MILLIS, -1));
		}
		for (InstanceSpec other : this.specs.subList(1, 3)) {
			this.proxies.add(PartitionProxy.start(other.getQuorumPort()));
		}
		QuorumConfigBuilder config = new ProxiedConfig(this.specs);
		for (int index = 0; index < 3; index++) {
			this.servers.add(new TestingZooKeeperServer(config, index));
		}
		for (TestingZooKeeperServer server : this.servers) {
			server.start();
		}
	}

	/** The first member, which a test cuts off. */
	String firstMember() {
		return this.specs.get(0).getConnectString();
	}

	/** The two members that keep the quorum. */
	String otherMembers() {
		return this.specs.get(1).getConnectString() + "," + this.specs.get(2).getConnectString();
	}

	/** Waits until the first member follows a leader, failing if it leads. */
	void awaitFirstFollows() throws Exception {
		long deadline = System.nanoTime() + 60_000_000_000L;
		while (System.nanoTime() < deadline) {
			String mode = mode(this.specs.get(0));
			if (mode.contains("Mode: leader")) {
				throw new IllegalStateException("The first member leads; the test needs it to follow");
			}
			if (mode.contains("Mode: follower")
					&& (mode(this.specs.get(1)) + mode(this.specs.get(2))).contains("Mode: leader")) {
				return;
			}
			Thread.sleep(100);
		}
		throw new IllegalStateException("The ensemble elected no leader in time");
	}

	private static String mode(InstanceSpec spec) {
		try {
			return FourLetterWordMain.send4LetterWord(spec.getHostname(), spec.getPort(), "srvr");
		}
		catch (Exception ex) {
			return "";
		}
	}

	/** Cuts the first member off from the other two, both ways; their quorum stays. */
	void cutOffFirst() {
		this.proxies.forEach(PartitionProxy::cut);
	}

	@Override
	public void close() throws IOException {
		for (TestingZooKeeperServer server : this.servers) {
			server.close();
		}
		this.proxies.forEach(PartitionProxy::close);
	}

	/**
	 * Curator's configuration, with the first member's view of the others' quorum ports
	 * through the proxies.
	 */
	private final class ProxiedConfig extends QuorumConfigBuilder {

		ProxiedConfig(List<InstanceSpec> specs) {
			super(specs);
		}

		@Override
		public Properties buildConfigProperties(int instanceIndex, int instancePortIndex) throws Exception {
			Properties properties = super.buildConfigProperties(instanceIndex, instancePortIndex);
			properties.setProperty("syncLimit", Integer.toString(SYNC_LIMIT));
			if (instanceIndex == 0) {
				for (int other = 1; other < 3; other++) {
					InstanceSpec spec = PartitionedEnsemble.this.specs.get(other);
					String key = "server." + spec.getServerId();
					String through = ":" + PartitionedEnsemble.this.proxies.get(other - 1).port() + ":";
					properties.setProperty(key,
							properties.getProperty(key).replace(":" + spec.getQuorumPort() + ":", through));
				}
			}
			return properties;
		}

	}

}
