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
import java.util.UUID;

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.test.redis.RedisServer;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A {@link DefaultLockTemplate} over a {@link RedisLocker} connected to a test server,
 * with a random key prefix so tests never see each other's locks.
 */
final class RedisLockFixture implements AutoCloseable {

	static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(1);

	final String prefix;

	final LettuceConnectionFactory connectionFactory;

	final RedisLocker locker;

	final DefaultLockTemplate template;

	final StringRedisTemplate redis;

	RedisLockFixture(RedisServer server) {
		this(server, WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));
	}

	RedisLockFixture(RedisServer server, WatchdogSettings settings) {
		this(server, settings, "test-" + UUID.randomUUID());
	}

	/**
	 * A fixture with its own connections, as another process sharing {@code prefix} would
	 * have.
	 */
	RedisLockFixture(RedisServer server, WatchdogSettings settings, String prefix) {
		this(server.port(), settings, prefix);
	}

	/**
	 * A fixture connected to whatever listens on {@code port}: a server, or a fault proxy
	 * before one.
	 */
	RedisLockFixture(int port, WatchdogSettings settings, String prefix) {
		this.prefix = prefix;
		this.connectionFactory = connectionFactory(port);
		this.locker = new RedisLocker(this.connectionFactory, this.prefix);
		this.template = new DefaultLockTemplate(this.locker, settings);
		this.redis = new StringRedisTemplate(this.connectionFactory);
	}

	static LettuceConnectionFactory connectionFactory(int port) {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", port),
				LettuceClientConfiguration.builder().commandTimeout(COMMAND_TIMEOUT).build());
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	/** The Redis key that holds the given lock. */
	String lockKey(String key) {
		return "{" + this.prefix + ":" + key + "}";
	}

	@Override
	public void close() {
		this.template.close();
		this.locker.close();
		this.connectionFactory.destroy();
	}

}
