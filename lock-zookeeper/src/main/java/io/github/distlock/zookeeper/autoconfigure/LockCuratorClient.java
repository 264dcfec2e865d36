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

package io.github.distlock.zookeeper.autoconfigure;

import java.util.Objects;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;

/**
 * The locker's own Curator client, when the application has none: started at once, closed
 * with the application context. It is not a {@link CuratorFramework} bean, so the
 * application's own beans never pick it up by mistake.
 */
final class LockCuratorClient implements AutoCloseable {

	/** How long the one retry of a failed call waits, in milliseconds. */
	private static final int RETRY_SLEEP_MILLIS = 100;

	private final CuratorFramework client;

	LockCuratorClient(ZooKeeperLockProperties properties) {
		this.client = CuratorFrameworkFactory.builder()
			.connectString(Objects.requireNonNull(properties.getConnectString(), "distlock.zookeeper.connect-string"))
			.sessionTimeoutMs(Math.toIntExact(properties.getSessionTimeout().toMillis()))
			.connectionTimeoutMs(Math.toIntExact(properties.getConnectionTimeout().toMillis()))
			// One retry: every call stays bounded by about twice the connection timeout.
			.retryPolicy(new RetryOneTime(RETRY_SLEEP_MILLIS))
			.build();
		this.client.start();
	}

	CuratorFramework client() {
		return this.client;
	}

	@Override
	public void close() {
		this.client.close();
	}

}
