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
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * The baseline: the lock loop an application would write by hand on Lettuce. One shared
 * connection, {@code SET key token NX PX} with jittered exponential back-off while the
 * lock is busy (1-4 ms at first, doubling up to 4-16 ms), and a compare-and-delete
 * script, loaded once, to release.
 */
final class RawLettuceContender implements Contender {

	static final String NAME = "raw";

	private static final String RELEASE_SCRIPT = "if redis.call('get',KEYS[1])==ARGV[1] then "
			+ "return redis.call('del',KEYS[1]) else return 0 end";

	private static final long FIRST_BACKOFF_MICROS = 1_000;

	private static final long MAX_BACKOFF_MICROS = 16_000;

	private final SetArgs acquireArgs = SetArgs.Builder.nx().px(LEASE.toMillis());

	private final RedisClient client;

	private final StatefulRedisConnection<String, String> connection;

	private final RedisCommands<String, String> redis;

	private final String releaseSha;

	private final String namespace;

	RawLettuceContender(RedisAddress address, String namespace) {
		this.namespace = namespace;
		this.client = RedisClient.create(address.uri());
		this.connection = this.client.connect();
		this.redis = this.connection.sync();
		this.releaseSha = this.redis.scriptLoad(RELEASE_SCRIPT);
	}

	@Override
	public String name() {
		return NAME;
	}

	@Override
	public LockSession session(String key) {
		return new Session(this.namespace + ":" + key);
	}

	@Override
	public void close() {
		this.connection.close();
		this.client.shutdown();
	}

	private boolean trySet(String key, String token) {
		return "OK".equals(this.redis.set(key, token, this.acquireArgs));
	}

	private long compareAndDelete(String[] keys, String token) {
		Long deleted = this.redis.evalsha(this.releaseSha, ScriptOutputType.INTEGER, keys, token);
		return (deleted != null) ? deleted : 0;
	}

	/** One thread's lock loop on one key. */
	private final class Session implements LockSession {

		private final String key;

		private final String[] keys;

		private String token;

		Session(String key) {
			this.key = key;
			this.keys = new String[] { key };
		}

		@Override
		public boolean acquire(Duration wait) {
			String token = UUID.randomUUID().toString();
			long deadline = System.nanoTime() + wait.toNanos();
			long lowMicros = FIRST_BACKOFF_MICROS;
			long highMicros = 4 * FIRST_BACKOFF_MICROS;
			while (!trySet(this.key, token)) {
				if (System.nanoTime() - deadline >= 0 || Thread.currentThread().isInterrupted()) {
					return false;
				}
				LockSupport.parkNanos(1_000 * ThreadLocalRandom.current().nextLong(lowMicros, highMicros + 1));
				highMicros = Math.min(highMicros * 2, MAX_BACKOFF_MICROS);
				lowMicros = Math.min(lowMicros * 2, highMicros / 4);
			}
			this.token = token;
			return true;
		}

		@Override
		public void release() {
			if (compareAndDelete(this.keys, this.token) != 1) {
				throw new IllegalStateException("Raw lock '" + this.key + "' was no longer held at release");
			}
		}

	}

}
