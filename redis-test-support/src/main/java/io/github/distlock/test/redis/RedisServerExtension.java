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

package io.github.distlock.test.redis;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit 5 extension that starts real Redis servers before a test class and stops them
 * after it.
 *
 * <pre class="code">
 * &#64;RegisterExtension
 * static final RedisServerExtension redis = RedisServerExtension.servers(1);
 * </pre>
 *
 * <p>
 * Each server listens on its own free loopback port, so tests never depend on a Redis
 * that happens to run on 6379. A Redis Cluster or a Sentinel group:
 * {@link RedisTopologyExtension}.
 */
public final class RedisServerExtension implements BeforeAllCallback, AfterAllCallback {

	private final int count;

	private final List<RedisServer> servers = new ArrayList<>();

	private RedisServerExtension(int count) {
		this.count = count;
	}

	/**
	 * Returns an extension that runs the given number of independent servers.
	 * @param count how many servers to start
	 * @return the extension
	 */
	public static RedisServerExtension servers(int count) {
		return new RedisServerExtension(count);
	}

	/** Returns the first (often the only) server. */
	public RedisServer server() {
		return server(0);
	}

	/**
	 * Returns one of the servers.
	 * @param index zero-based index
	 * @return the server
	 */
	public RedisServer server(int index) {
		if (this.servers.isEmpty()) {
			throw new IllegalStateException(
					"Redis servers are started before all tests; register the extension as a static field");
		}
		return this.servers.get(index);
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		for (int i = 0; i < this.count; i++) {
			this.servers.add(RedisServer.start());
		}
	}

	@Override
	public void afterAll(ExtensionContext context) {
		this.servers.forEach(RedisServer::close);
		this.servers.clear();
	}

}
