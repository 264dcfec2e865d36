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
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisPassword;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/** Lettuce connection factories to test servers on the loopback interface, started. */
final class RedisConnections {

	private static final String HOST = "127.0.0.1";

	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(5);

	private RedisConnections() {
	}

	static LettuceConnectionFactory standalone(int port) {
		return standalone(port, null, null);
	}

	/** Connections whose commands time out after {@code commandTimeout}. */
	static LettuceConnectionFactory standalone(int port, Duration commandTimeout) {
		return started(new RedisStandaloneConfiguration(HOST, port), commandTimeout);
	}

	/** Connections that authenticate as {@code username} when it is not null. */
	static LettuceConnectionFactory standalone(int port, @Nullable String username, @Nullable String password) {
		RedisStandaloneConfiguration configuration = new RedisStandaloneConfiguration(HOST, port);
		if (username != null) {
			configuration.setUsername(username);
			configuration.setPassword(RedisPassword.of(password));
		}
		return started(configuration, COMMAND_TIMEOUT);
	}

	/**
	 * Connections to a Redis Cluster whose nodes are {@code host:port} separated by
	 * commas.
	 */
	static LettuceConnectionFactory cluster(String nodes) {
		return started(new RedisClusterConfiguration(List.of(nodes.split(","))), COMMAND_TIMEOUT);
	}

	private static LettuceConnectionFactory started(RedisConfiguration configuration, Duration commandTimeout) {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(configuration,
				LettuceClientConfiguration.builder().commandTimeout(commandTimeout).build());
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

}
