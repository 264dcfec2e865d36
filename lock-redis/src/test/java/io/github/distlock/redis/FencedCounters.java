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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * One counter per lock key on the data server, read, incremented and written back by
 * sections guarded by the lock, fenced by the holders' fencing tokens
 * ({@code chaos-enter.lua} and {@code chaos-leave.lua} beside this class).
 *
 * <p>
 * The data server sees every section's start and end in one order, whatever the
 * processes' clocks say, so it is where overlapping sections show: of two sections that
 * overlap there, one is refused. A section entering with a token no larger than one
 * accepted before is refused at its start (its holding came first, yet a later one
 * entered before it); a section during which a later token entered is refused at its end,
 * and its write is lost. So no section ever writes over a later holder's, and every
 * overlap is one refusal, counted per key on the data server. Whether the refused holder
 * still held its lock then tells a lock that failed from one whose holder lost its lease
 * (see {@link ChaosContender}).
 */
final class FencedCounters {

	/** What {@link #enter} answers for a refused token. */
	static final long REFUSED = -1;

	/**
	 * The data server is not under test: a busy machine must not fail a run by timing out
	 * there.
	 */
	private static final Duration DATA_TIMEOUT = Duration.ofSeconds(10);

	private static final RedisScript<Long> ENTER = script("chaos-enter.lua");

	private static final RedisScript<Long> LEAVE = script("chaos-leave.lua");

	private final StringRedisTemplate redis;

	private final String prefix;

	FencedCounters(StringRedisTemplate redis, String prefix) {
		this.redis = redis;
		this.prefix = prefix;
	}

	/** Connects to the data server. */
	static LettuceConnectionFactory connectionFactory(int port) {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", port),
				LettuceClientConfiguration.builder().commandTimeout(DATA_TIMEOUT).build());
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	/**
	 * Starts a section for the lock's holder.
	 * @return the counter's value, or {@link #REFUSED} when the section must not write
	 */
	long enter(String key, long token) {
		return this.redis.execute(ENTER, keys(key), String.valueOf(token), key);
	}

	/**
	 * Ends a section, writing the counter's new value unless a later token entered
	 * meanwhile.
	 * @return whether the value was written
	 */
	boolean leave(String key, long token, long value) {
		return this.redis.execute(LEAVE, keys(key), String.valueOf(token), key, String.valueOf(value)) == 1;
	}

	/** Returns the counter of a lock key: how many sections wrote it. */
	long counter(String key) {
		String value = this.redis.opsForValue().get(this.prefix + ":" + key + ":counter");
		return (value != null) ? Long.parseLong(value) : 0;
	}

	/** Returns how many sections were refused, per lock key. */
	Map<String, Long> refusals() {
		return this.redis.<String, String>opsForHash()
			.entries(this.prefix + ":refusals")
			.entrySet()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, (entry) -> Long.parseLong(entry.getValue())));
	}

	private List<String> keys(String key) {
		String data = this.prefix + ":" + key;
		return List.of(data + ":token", data + ":counter", this.prefix + ":refusals");
	}

	private static RedisScript<Long> script(String name) {
		// built from the text, as LockScripts does: a script on the resource would check
		// the file on every call
		try {
			String source = new ClassPathResource(name, FencedCounters.class)
				.getContentAsString(StandardCharsets.UTF_8);
			return RedisScript.of(source, Long.class);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not read Lua script " + name, ex);
		}
	}

}
