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

import java.time.Duration;
import java.util.function.BooleanSupplier;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * Starts load in several JVMs at once through two Redis keys: each child counts itself
 * ready, the parent then publishes a wall-clock start time that all children wait for.
 */
final class StartSignal implements AutoCloseable {

	private static final long POLL_MILLIS = 5;

	private final String readyKey;

	private final String startKey;

	private final RedisClient client;

	private final StatefulRedisConnection<String, String> connection;

	private final RedisCommands<String, String> redis;

	StartSignal(RedisAddress address, String readyKey, String startKey) {
		this.readyKey = readyKey;
		this.startKey = startKey;
		this.client = RedisClient.create(address.uri());
		this.connection = this.client.connect();
		this.redis = this.connection.sync();
	}

	/** Child side: counts this JVM as ready. */
	void ready() {
		this.redis.incr(this.readyKey);
	}

	/**
	 * Child side: waits for the start time.
	 * @param timeout how long to wait
	 * @return the start time in epoch milliseconds
	 */
	long awaitStart(Duration timeout) {
		String[] start = new String[1];
		poll(timeout, () -> (start[0] = this.redis.get(this.startKey)) != null, "the start signal");
		return Long.parseLong(start[0]);
	}

	/**
	 * Parent side: waits until the given number of children are ready.
	 * @param children how many children must be ready
	 * @param timeout how long to wait
	 * @param alive whether all children are still running; waiting stops when it turns
	 * false
	 */
	void awaitReady(int children, Duration timeout, BooleanSupplier alive) {
		poll(timeout, () -> {
			if (!alive.getAsBoolean()) {
				throw new IllegalStateException("A child JVM exited before it was ready");
			}
			String ready = this.redis.get(this.readyKey);
			return ready != null && Integer.parseInt(ready) >= children;
		}, children + " child JVMs to be ready");
	}

	/**
	 * Parent side: publishes the start time.
	 * @param epochMillis when the children start
	 */
	void start(long epochMillis) {
		this.redis.set(this.startKey, Long.toString(epochMillis));
	}

	@Override
	public void close() {
		this.connection.close();
		this.client.shutdown();
	}

	private static void poll(Duration timeout, BooleanSupplier done, String what) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!done.getAsBoolean()) {
			if (System.nanoTime() - deadline >= 0) {
				throw new IllegalStateException("Timed out after " + timeout.toSeconds() + " s waiting for " + what);
			}
			try {
				Thread.sleep(POLL_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while waiting for " + what, ex);
			}
		}
	}

}
