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

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.Assert;

/**
 * Configuration properties of locks on ZooKeeper, beside the store-neutral ones of
 * {@code DistributedLockProperties}.
 *
 * @since 0.1.0
 */
@ConfigurationProperties("distlock.zookeeper")
public class ZooKeeperLockProperties {

	/**
	 * Comma-separated host:port list of the ZooKeeper ensemble, for a client of the
	 * locker's own when the application defines no CuratorFramework bean.
	 */
	private @Nullable String connectString;

	/**
	 * How long the ensemble keeps the locker's own client's session, and so its locks,
	 * once it hears nothing from this process: a killed holder's locks are free after
	 * this long. Ignored, with a warning at start-up, when the application defines a
	 * CuratorFramework bean, whose own session timeout applies.
	 */
	private Duration sessionTimeout = Duration.ofSeconds(30);

	/**
	 * How long a call of the locker's own client waits for a connection before it fails.
	 * Ignored, with a warning at start-up, when the application defines a
	 * CuratorFramework bean, whose own connection timeout applies.
	 */
	private Duration connectionTimeout = Duration.ofSeconds(5);

	/**
	 * The ensemble's tickTime, or a longer time: how often the leader hears of the
	 * sessions of its followers' clients, so how long the locker takes to prove its
	 * session to the leader.
	 */
	private Duration tickTime = Duration.ofSeconds(2);

	/**
	 * Node under which every lock's nodes are created; a path from the root, starting
	 * with '/'.
	 */
	private String basePath = "/distlock";

	public @Nullable String getConnectString() {
		return this.connectString;
	}

	public void setConnectString(@Nullable String connectString) {
		this.connectString = connectString;
	}

	public Duration getSessionTimeout() {
		return this.sessionTimeout;
	}

	public void setSessionTimeout(Duration sessionTimeout) {
		this.sessionTimeout = sessionTimeout;
	}

	public Duration getConnectionTimeout() {
		return this.connectionTimeout;
	}

	public void setConnectionTimeout(Duration connectionTimeout) {
		this.connectionTimeout = connectionTimeout;
	}

	public Duration getTickTime() {
		return this.tickTime;
	}

	public void setTickTime(Duration tickTime) {
		this.tickTime = tickTime;
	}

	public String getBasePath() {
		return this.basePath;
	}

	public void setBasePath(String basePath) {
		// Checked at binding, so start-up fails naming the property rather than a lock
		// call later.
		Assert.isTrue(basePath.startsWith("/"),
				() -> "distlock.zookeeper.base-path must start with '/', as a ZooKeeper path does: " + basePath);
		this.basePath = basePath;
	}

}
