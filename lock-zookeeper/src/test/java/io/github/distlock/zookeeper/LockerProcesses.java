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

import java.util.ArrayList;
import java.util.List;

import org.apache.curator.drivers.TracerDriver;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.zookeeper.KeeperException;
import org.jspecify.annotations.Nullable;

/**
 * The processes of one test, each a {@link ZooKeeperLocker} on a client (a session) of
 * its own on the shared server, and an operator's client to look at the nodes they leave;
 * all closed with it.
 */
final class LockerProcesses implements AutoCloseable {

	private final String basePath;

	private final List<CuratorFramework> clients = new ArrayList<>();

	private final List<ZooKeeperLocker> lockers = new ArrayList<>();

	private final CuratorFramework admin = ZooKeeperServers.client();

	LockerProcesses(String basePath) {
		this.basePath = basePath;
	}

	/** Starts a new process. */
	ZooKeeperLocker start() {
		return start(null);
	}

	/** Starts a new process whose client tells {@code tracer} of each of its calls. */
	ZooKeeperLocker start(@Nullable TracerDriver tracer) {
		CuratorFramework client = ZooKeeperServers.client();
		if (tracer != null) {
			client.getZookeeperClient().setTracerDriver(tracer);
		}
		return startOn(client);
	}

	/**
	 * Starts a new process whose client tells {@code first} of each connection change
	 * before its locker.
	 */
	ZooKeeperLocker startListenedFirst(ConnectionStateListener first) {
		CuratorFramework client = ZooKeeperServers.client();
		client.getConnectionStateListenable().addListener(first);
		return startOn(client);
	}

	private ZooKeeperLocker startOn(CuratorFramework client) {
		this.clients.add(client);
		ZooKeeperLocker process = new ZooKeeperLocker(client, this.basePath, "lock");
		this.lockers.add(process);
		return process;
	}

	/** The client (the session) of a process this started. */
	CuratorFramework client(ZooKeeperLocker process) {
		return this.clients.get(this.lockers.indexOf(process));
	}

	/** The operator's client. */
	CuratorFramework admin() {
		return this.admin;
	}

	/** The children of a node, none when it is not there. */
	List<String> children(String path) {
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
	public void close() {
		this.lockers.forEach(ZooKeeperLocker::close);
		this.clients.forEach(CuratorFramework::close);
		this.admin.close();
	}

}
