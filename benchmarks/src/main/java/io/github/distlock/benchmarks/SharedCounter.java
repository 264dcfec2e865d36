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

package io.github.distlock.benchmarks;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * The data a critical section protects: a counter in Redis, read with {@code GET} and
 * written back with {@code SET}, on its own shared connection. Without mutual exclusion,
 * concurrent sections lose updates.
 */
final class SharedCounter implements AutoCloseable {

	private final String key;

	private final RedisClient client;

	private final StatefulRedisConnection<String, String> connection;

	private final RedisCommands<String, String> redis;

	SharedCounter(RedisAddress address, String key) {
		this.key = key;
		this.client = RedisClient.create(address.uri());
		this.connection = this.client.connect();
		this.redis = this.connection.sync();
	}

	/** Sets the counter to zero. */
	void reset() {
		this.redis.set(this.key, "0");
	}

	/** Reads the counter and writes it back one higher: the critical section. */
	void increment() {
		String value = this.redis.get(this.key);
		this.redis.set(this.key, Long.toString((value != null) ? Long.parseLong(value) + 1 : 1));
	}

	/**
	 * Returns the counter's value.
	 * @return the value, zero when unset
	 */
	long value() {
		String value = this.redis.get(this.key);
		return (value != null) ? Long.parseLong(value) : 0;
	}

	@Override
	public void close() {
		this.connection.close();
		this.client.shutdown();
	}

}
