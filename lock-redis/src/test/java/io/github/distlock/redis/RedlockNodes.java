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

package io.github.distlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.github.distlock.test.redis.RedisServer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Independent Redis masters on the loopback interface on which a test makes Redlock
 * lockers: processes sharing the nodes under one random prefix, each with connections of
 * its own. A JUnit extension: the nodes start before the test class (once, whatever its
 * nested classes), the lockers made by a test are closed after it, and the nodes stop
 * after the class.
 */
final class RedlockNodes implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {

	static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);

	private final List<RedisServer> servers = new ArrayList<>();

	private final List<LettuceConnectionFactory> connections = new ArrayList<>();

	/** Reads the keys the test's lockers leave; it makes no locker itself. */
	private final RedisLockers lockers = new RedisLockers("redlock-" + UUID.randomUUID());

	private final List<RedlockLocker> created = new ArrayList<>();

	private final int count;

	/** The class whose start started the nodes: its end stops them. */
	private @Nullable Class<?> startedBy;

	RedlockNodes(int count) {
		this.count = count;
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		if (this.startedBy != null) {
			return;
		}
		this.startedBy = context.getRequiredTestClass();
		for (int i = 0; i < this.count; i++) {
			RedisServer server = RedisServer.start();
			this.servers.add(server);
			this.connections.add(RedisConnections.standalone(server.port()));
		}
	}

	@Override
	public void afterEach(ExtensionContext context) {
		closeProcesses();
	}

	@Override
	public void afterAll(ExtensionContext context) {
		if (context.getRequiredTestClass() == this.startedBy) {
			closeProcesses();
			this.connections.forEach(LettuceConnectionFactory::destroy);
			this.servers.forEach(RedisServer::close);
		}
	}

	RedisServer server(int index) {
		return this.servers.get(index);
	}

	String prefix() {
		return this.lockers.prefix();
	}

	/**
	 * A new process on the nodes, connected as {@code distlock.redlock.nodes} connects
	 * it, giving a lock way to other processes for {@code giveWay}.
	 */
	RedlockLocker process(Duration giveWay) {
		RedlockLocker locker = RedlockLocker.connect(uris(), NODE_TIMEOUT, RedlockLocker.CONNECT_TIMEOUT, prefix(),
				giveWay);
		this.created.add(locker);
		return locker;
	}

	/** The URIs of the nodes, as {@code distlock.redlock.nodes} lists them. */
	List<String> uris() {
		return this.servers.stream().map(RedisServer::uri).toList();
	}

	/**
	 * Every key under the prefix on any running node, with the longest time to live it
	 * has on one.
	 */
	Map<String, Long> timesToLive() {
		Map<String, Long> left = new HashMap<>();
		for (int i = 0; i < this.servers.size(); i++) {
			if (this.servers.get(i).isRunning()) {
				this.lockers.timesToLive(this.connections.get(i))
					.forEach((key, ttl) -> left.merge(key, ttl, Math::max));
			}
		}
		return left;
	}

	/** Restarts every node empty, as masters that lost their data. */
	void restartAllEmpty() {
		this.servers.forEach(RedisServer::restart);
	}

	/** Closes the lockers made since the last call; the nodes stay up. */
	void closeProcesses() {
		this.created.forEach(RedlockLocker::close);
		this.created.clear();
	}

}
