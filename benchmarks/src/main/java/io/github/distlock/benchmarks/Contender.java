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
import java.util.List;

/**
 * A way of taking Redis locks that the harness measures, connected to one Redis server.
 */
interface Contender extends AutoCloseable {

	/** Lease of every lock the contenders take. */
	Duration LEASE = Duration.ofSeconds(30);

	/** Longest time a contender waits for a busy lock before giving up. */
	Duration WAIT = Duration.ofSeconds(30);

	/**
	 * Returns the contender's short name, as given on the command line.
	 * @return the name
	 */
	String name();

	/**
	 * Opens a session on one key, for use by one thread.
	 * @param key the lock key, within the contender's namespace
	 * @return the session
	 */
	LockSession session(String key);

	@Override
	void close();

	/** The contenders' names. */
	List<String> NAMES = List.of(RawLettuceContender.NAME, DistlockContender.NAME, DistlockContender.METERED);

	/**
	 * Connects the named contender to a Redis server.
	 * @param name one of {@link #NAMES}
	 * @param redis the server's address
	 * @param namespace first part of every Redis key the contender writes; fresh for each
	 * run, and the same in every JVM of one run so that they contend for the same locks
	 * @return the connected contender
	 */
	static Contender open(String name, RedisAddress redis, String namespace) {
		return switch (name) {
			case RawLettuceContender.NAME -> new RawLettuceContender(redis, namespace);
			case DistlockContender.NAME -> new DistlockContender(redis, namespace, false);
			case DistlockContender.METERED -> new DistlockContender(redis, namespace, true);
			default -> throw new IllegalArgumentException("Unknown contender '" + name + "'; expected any of " + NAMES);
		};
	}

}
