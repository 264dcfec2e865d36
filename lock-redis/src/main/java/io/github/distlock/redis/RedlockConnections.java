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
import java.util.List;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;

import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * The connections of a {@link RedlockLocker} to its nodes: one Lettuce connection factory
 * a node, all on one set of client resources (event loops), each giving up on a command
 * after the node timeout and on setting up a connection (TCP, TLS and the handshake)
 * after the longer connect timeout, and rejecting commands while disconnected rather than
 * queueing them, so that a node that is down counts as failed at once.
 */
final class RedlockConnections implements AutoCloseable {

	private final ClientResources resources = DefaultClientResources.create();

	private final List<LettuceConnectionFactory> factories = new ArrayList<>();

	private final List<String> names = new ArrayList<>();

	private final Duration connectTimeout;

	RedlockConnections(List<String> nodes, Duration nodeTimeout, Duration connectTimeout) {
		this.connectTimeout = connectTimeout;
		List<RedisURI> uris = nodes.stream().map(RedlockConnections::parse).toList();
		for (RedisURI uri : uris) {
			this.factories.add(connect(uri, nodeTimeout));
			// RedisURI's text leaves the credentials out.
			this.names.add(uri.toString());
		}
	}

	List<LettuceConnectionFactory> factories() {
		return this.factories;
	}

	List<String> names() {
		return this.names;
	}

	Duration connectTimeout() {
		return this.connectTimeout;
	}

	private LettuceConnectionFactory connect(RedisURI uri, Duration nodeTimeout) {
		LettuceClientConfiguration.LettuceClientConfigurationBuilder client = LettuceClientConfiguration.builder()
			.clientResources(this.resources)
			// Lettuce bounds the handshake of a new connection by this timeout (the
			// URI's), and
			// Spring Data Redis its wait for an answer; each command expires after the
			// node timeout.
			.commandTimeout(this.connectTimeout)
			.clientOptions(ClientOptions.builder()
				.socketOptions(SocketOptions.builder().connectTimeout(this.connectTimeout).build())
				.timeoutOptions(TimeoutOptions.enabled(nodeTimeout))
				.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
				.build());
		if (uri.isSsl()) {
			client.useSsl();
		}
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				LettuceConnectionFactory.createRedisConfiguration(uri), client.build());
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	private static RedisURI parse(String uri) {
		try {
			return RedisURI.create(uri);
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException("Malformed Redlock node URI '" + RedlockLocker.withoutCredentials(uri)
					+ "': expected redis://[user:password@]host:port[/db], or rediss:// for TLS", ex);
		}
	}

	@Override
	public void close() {
		this.factories.forEach(LettuceConnectionFactory::destroy);
		this.resources.shutdown();
	}

}
