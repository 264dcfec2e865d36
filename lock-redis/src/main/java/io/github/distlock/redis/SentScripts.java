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
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Runs a script as Spring Data Redis's script executor does, by its SHA and by its source
 * when the server answers {@code NOSCRIPT} (after {@code SCRIPT FLUSH} or a failover),
 * and tells when the command that ran it was sent: once the connection was obtained, so
 * after connecting, and after a {@code NOSCRIPT} answer. That is never later than the
 * server ran it, so a lease counted from then is not counted from before the server had
 * the command.
 */
final class SentScripts {

	private final StringRedisTemplate redis;

	SentScripts(StringRedisTemplate redis) {
		this.redis = redis;
	}

	/**
	 * Runs a script that answers an integer.
	 * @param script the script
	 * @param keys its keys
	 * @param args its arguments
	 * @return its answer, and the {@link System#nanoTime()} just before the command that
	 * ran it was sent
	 */
	Sent run(RedisScript<Long> script, List<String> keys, String... args) {
		byte[][] keysAndArgs = new byte[keys.size() + args.length][];
		for (int i = 0; i < keys.size(); i++) {
			keysAndArgs[i] = bytes(keys.get(i));
		}
		for (int i = 0; i < args.length; i++) {
			keysAndArgs[keys.size() + i] = bytes(args[i]);
		}
		Sent sent = this.redis.execute((RedisCallback<Sent>) (connection) -> {
			long sentAt = System.nanoTime();
			try {
				return sent(connection.scriptingCommands()
					.evalSha(script.getSha1(), ReturnType.INTEGER, keys.size(), keysAndArgs), sentAt);
			}
			catch (RuntimeException ex) {
				if (!isNoScript(ex)) {
					throw ex;
				}
			}
			sentAt = System.nanoTime();
			return sent(connection.scriptingCommands()
				.eval(bytes(script.getScriptAsString()), ReturnType.INTEGER, keys.size(), keysAndArgs), sentAt);
		});
		return Objects.requireNonNull(sent);
	}

	private static Sent sent(@Nullable Long answer, long sentAt) {
		if (answer == null) {
			throw new IllegalStateException("Redis answered nothing to a lock script");
		}
		return new Sent(answer, sentAt);
	}

	/**
	 * Whether the server had lost the script: a {@code NOSCRIPT} error anywhere in the
	 * causes, as Spring Data Redis tells.
	 */
	private static boolean isNoScript(Throwable failure) {
		for (@Nullable
		Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause.getMessage() != null && cause.getMessage().contains("NOSCRIPT")) {
				return true;
			}
		}
		return false;
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * A script's answer and when the command that ran it was sent.
	 *
	 * @param answer the script's answer
	 * @param sentAt the {@link System#nanoTime()} just before the command was sent
	 */
	record Sent(long answer, long sentAt) {
	}

}
