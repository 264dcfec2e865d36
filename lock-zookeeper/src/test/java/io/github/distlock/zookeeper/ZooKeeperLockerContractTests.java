package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterEach;

import io.github.distlock.core.AbstractLockerContractTests;
import io.github.distlock.core.Locker;

/**
 * The {@link Locker} contract run against {@link ZooKeeperLocker} on a real ZooKeeper server, each
 * process with its own client and session. Locks live by session, and a lock given way goes to the
 * queue, so the contract's tests of leases and of the give-way window do not apply (see
 * {@link #expiresByLease()}); {@link ZooKeeperSessionIntegrationTests} shows a session's end freeing a
 * lock.
 */
class ZooKeeperLockerContractTests extends AbstractLockerContractTests {

	private final String basePath = "/distlock-" + UUID.randomUUID();

	private final List<CuratorFramework> clients = new ArrayList<>();

	private final List<ZooKeeperLocker> lockers = new ArrayList<>();

	private final CuratorFramework admin = ZooKeeperServers.client();

	private final Locker locker = process();

	private final Locker otherProcess = process();

	@AfterEach
	void closeProcesses() {
		this.lockers.forEach(ZooKeeperLocker::close);
		this.clients.forEach(CuratorFramework::close);
		this.admin.close();
	}

	private ZooKeeperLocker process() {
		CuratorFramework client = ZooKeeperServers.client();
		this.clients.add(client);
		ZooKeeperLocker process = new ZooKeeperLocker(client, this.basePath, "lock");
		this.lockers.add(process);
		return process;
	}

	@Override
	protected Locker locker() {
		return this.locker;
	}

	@Override
	protected Locker otherProcess() {
		return this.otherProcess;
	}

	/** A process of its own: the window does not apply, since a lock given way goes to the queue. */
	@Override
	protected Locker processGivingWayFor(Duration giveWay) {
		return process();
	}

	/** Deletes every lock node, as an operator might; ZooKeeper itself keeps what it acknowledged. */
	@Override
	protected void loseAllData() {
		try {
			this.admin.delete().deletingChildrenIfNeeded().forPath(this.basePath);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Every node under the base path: a lock's directory is a container the server deletes within
	 * its check interval once empty; a lock node goes with its release, or its session at the latest.
	 */
	@Override
	protected Map<String, Long> timesToLive() {
		Map<String, Long> found = new HashMap<>();
		for (String directory : children(this.basePath)) {
			String path = this.basePath + "/" + directory;
			found.put(path, ZooKeeperServers.CONTAINER_CHECK_MILLIS);
			children(path).forEach((node) -> found.put(path + "/" + node, (long) ZooKeeperServers.SESSION_TIMEOUT_MILLIS));
		}
		return found;
	}

	private List<String> children(String path) {
		try {
			return this.admin.getChildren().forPath(path);
		}
		catch (KeeperException.NoNodeException ex) {
			return List.of();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Override
	protected int footprintLocks() {
		return 500;
	}

	@Override
	protected boolean expiresByLease() {
		return false;
	}

	@Override
	protected boolean givesWayForAWindow() {
		return false;
	}

}
