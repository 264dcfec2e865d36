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

/**
 * A deployment of Redis with replicas, whose masters a test can kill and see replaced: a
 * {@link RedisCluster} or a {@link RedisSentinelGroup}.
 */
public interface RedisTopology extends AutoCloseable {

	/**
	 * Returns Spring Boot's {@code spring.data.redis.*} settings that connect to the
	 * deployment.
	 * @return the settings, as {@code name=value}
	 */
	String[] springDataRedisProperties();

	/**
	 * Returns the master that serves a key now.
	 * @param key the key
	 * @return the master
	 */
	RedisServer masterOf(String key);

	/**
	 * Returns a replica of a master.
	 * @param master the master
	 * @return its replica
	 */
	RedisServer replicaOf(RedisServer master);

	/**
	 * Kills a master with {@code SIGKILL}, as a crash would.
	 * @param master the master
	 */
	void kill(RedisServer master);

	/**
	 * Waits until a replica has taken over from a killed master.
	 * @param killed the master that was killed
	 * @return the new master
	 */
	RedisServer awaitFailover(RedisServer killed);

	/**
	 * Starts a killed master again and waits until it serves as a replica in sync.
	 * @param killed the master that was killed
	 */
	void rejoin(RedisServer killed);

	@Override
	void close();

}
