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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulRedisConnection;

/**
 * Looks at the Redis server from outside the contenders, on a connection of its own: how
 * many commands of a kind it ran ({@code INFO commandstats}), and which keys it holds
 * with an expiry.
 */
final class RedisInspector implements AutoCloseable {

	private static final int PIPELINE = 1_000;

	private final RedisClient client;

	private final StatefulRedisConnection<String, String> connection;

	RedisInspector(RedisAddress address) {
		this.client = RedisClient.create(address.uri());
		this.connection = this.client.connect();
	}

	/**
	 * Returns how often the server ran a command since it started (or since
	 * {@code CONFIG RESETSTAT}).
	 * @param command the command's lower-case name, for example {@code evalsha}
	 * @return the number of calls, zero when it never ran
	 */
	long calls(String command) {
		String prefix = "cmdstat_" + command + ":calls=";
		for (String line : this.connection.sync().info("commandstats").split("\r?\n")) {
			if (line.startsWith(prefix)) {
				return Long.parseLong(line.substring(prefix.length(), line.indexOf(',', prefix.length())));
			}
		}
		return 0;
	}

	/**
	 * Counts the keys that exist and expire ({@code PTTL} positive), a thousand per round
	 * trip.
	 * @param keys the keys
	 * @return how many of them exist with an expiry
	 */
	long countExpiring(List<String> keys) {
		long expiring = 0;
		this.connection.setAutoFlushCommands(false);
		try {
			for (int from = 0; from < keys.size(); from += PIPELINE) {
				List<RedisFuture<Long>> ttls = new ArrayList<>(PIPELINE);
				for (String key : keys.subList(from, Math.min(keys.size(), from + PIPELINE))) {
					ttls.add(this.connection.async().pttl(key));
				}
				this.connection.flushCommands();
				for (RedisFuture<Long> ttl : ttls) {
					expiring += (await(ttl) > 0) ? 1 : 0;
				}
			}
		}
		finally {
			this.connection.setAutoFlushCommands(true);
		}
		return expiring;
	}

	private static long await(RedisFuture<Long> reply) {
		try {
			return reply.get(RedisAddress.COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while reading key expiries", ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("Could not read key expiries", ex);
		}
	}

	@Override
	public void close() {
		this.connection.close();
		this.client.shutdown();
	}

}
