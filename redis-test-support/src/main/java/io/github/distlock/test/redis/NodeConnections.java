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

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Function;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.sentinel.api.StatefulRedisSentinelConnection;
import io.lettuce.core.sentinel.api.sync.RedisSentinelCommands;
import org.awaitility.Awaitility;

/**
 * Commands to the nodes of a rig, each on a short connection of its own, so that a node
 * killed meanwhile fails only the command sent to it; one client serves them all.
 */
final class NodeConnections implements AutoCloseable {

	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(2);

	private static final Duration POLL_INTERVAL = Duration.ofMillis(50);

	private final RedisClient client = RedisClient.create();

	<T> T on(RedisServer node, Function<RedisCommands<String, String>, T> command) {
		try (StatefulRedisConnection<String, String> connection = this.client.connect(uri(node))) {
			return command.apply(connection.sync());
		}
	}

	<T> T onSentinel(RedisServer sentinel, Function<RedisSentinelCommands<String, String>, T> command) {
		try (StatefulRedisSentinelConnection<String, String> connection = this.client.connectSentinel(uri(sentinel))) {
			return command.apply(connection.sync());
		}
	}

	/**
	 * Waits until {@code condition} is true; an exception, as from a node that does not
	 * answer yet, counts as false.
	 * @param what what is awaited, for the message of the timeout
	 * @param atMost how long to wait at most
	 * @param condition the condition
	 */
	static void await(String what, Duration atMost, Callable<Boolean> condition) {
		Awaitility.await(what).atMost(atMost).pollInterval(POLL_INTERVAL).ignoreExceptions().until(condition);
	}

	@Override
	public void close() {
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
	}

	private static RedisURI uri(RedisServer node) {
		return RedisURI.builder().withHost(node.host()).withPort(node.port()).withTimeout(COMMAND_TIMEOUT).build();
	}

}
