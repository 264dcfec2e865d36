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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;

import io.github.distlock.store.Locker;
import io.github.distlock.test.support.AbstractLockerContractTests;

/**
 * The {@link Locker} contract run against {@link ZooKeeperLocker} on a real ZooKeeper
 * server, each process with its own client and session. Only the holder's process knows a
 * lock's lease (it deletes the node when the lease ends), so no other process can answer
 * the time left on it, and a lock given way goes to the queue: the contract's tests of
 * leases and of the give-way window do not apply (see {@link #expiresByLease()});
 * {@link ZooKeeperLockerLeaseTests} shows leases ending and
 * {@link ZooKeeperSessionIntegrationTests} a session's end freeing a lock.
 */
class ZooKeeperLockerContractTests extends AbstractLockerContractTests {

	private final String basePath = "/distlock-" + UUID.randomUUID();

	private final LockerProcesses processes = new LockerProcesses(this.basePath);

	private final ZooKeeperLocker locker = this.processes.start();

	private final ZooKeeperLocker otherProcess = this.processes.start();

	@AfterEach
	void closeProcesses() {
		this.processes.close();
	}

	@Override
	protected Locker locker() {
		return this.locker;
	}

	@Override
	protected Locker otherProcess() {
		return this.otherProcess;
	}

	/**
	 * A process of its own: the window does not apply, since a lock given way goes to the
	 * queue.
	 */
	@Override
	protected Locker processGivingWayFor(Duration giveWay) {
		return this.processes.start();
	}

	/**
	 * Deletes every lock node, as an operator might; ZooKeeper itself keeps what it
	 * acknowledged.
	 */
	@Override
	protected void loseAllData() {
		try {
			this.processes.admin().delete().deletingChildrenIfNeeded().forPath(this.basePath);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Every node under the base path: a lock's directory is a container the server
	 * deletes within its check interval once empty; a lock node goes with its release, or
	 * its session at the latest.
	 */
	@Override
	protected Map<String, Long> timesToLive() {
		Map<String, Long> found = new HashMap<>();
		for (String directory : this.processes.children(this.basePath)) {
			String path = this.basePath + "/" + directory;
			found.put(path, ZooKeeperServers.CONTAINER_CHECK_MILLIS);
			this.processes.children(path)
				.forEach((node) -> found.put(path + "/" + node, (long) ZooKeeperServers.SESSION_TIMEOUT_MILLIS));
		}
		return found;
	}

	/**
	 * The tasks pending on a locker's thread (lease ends, ends of waits), or the watchers
	 * on a node.
	 */
	@Override
	protected int workKeptPerLock() {
		try {
			int most = 0;
			for (ZooKeeperLocker process : List.of(this.locker, this.otherProcess)) {
				most = Math.max(most, ProcessInternals.pendingBackgroundTasks(process));
				most = Math.max(most, ProcessInternals.mostWatchersOnOneNode(this.processes.client(process)));
			}
			return most;
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
