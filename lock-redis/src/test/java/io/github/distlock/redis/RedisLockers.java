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

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The {@link RedisLocker}s of one test, all under one random prefix, as processes sharing
 * a Redis; closed together.
 */
final class RedisLockers implements AutoCloseable {

	private final String prefix;

	private final List<RedisLocker> created = new ArrayList<>();

	RedisLockers(String prefix) {
		this.prefix = prefix;
	}

	String prefix() {
		return this.prefix;
	}

	/**
	 * A new process: a locker with its own process id and release-notice subscription.
	 */
	RedisLocker create(RedisConnectionFactory connectionFactory, Duration giveWay) {
		RedisLocker locker = new RedisLocker(connectionFactory, this.prefix, giveWay);
		this.created.add(locker);
		return locker;
	}

	/**
	 * Every key under the prefix with its time to live in milliseconds ({@code -1}:
	 * none).
	 */
	Map<String, Long> timesToLive(RedisConnectionFactory connectionFactory) {
		StringRedisTemplate redis = new StringRedisTemplate(connectionFactory);
		List<String> keys = new ArrayList<>(redis.keys("{" + this.prefix + ":*"));
		List<Object> timesToLive = redis.executePipelined((RedisCallback<Object>) (connection) -> {
			keys.forEach((key) -> connection.keyCommands().pTtl(key.getBytes(StandardCharsets.UTF_8)));
			return null;
		});
		Map<String, Long> left = new HashMap<>();
		for (int i = 0; i < keys.size(); i++) {
			long timeToLive = (Long) timesToLive.get(i);
			if (timeToLive != -2) {
				left.put(keys.get(i), timeToLive);
			}
		}
		return left;
	}

	@Override
	public void close() {
		this.created.forEach(RedisLocker::close);
		this.created.clear();
	}

}
