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
 * A ZooKeeper server in this JVM (Curator's {@code TestingServer} runs the real server) and one
 * Curator client both contenders share; Curator's {@code InterProcessMutex} as the baseline.
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
