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

import java.time.Duration;
import java.util.function.Consumer;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RedisServerTests {

	@Test
	void startsOnFreePortAndAnswersCommands() {
		try (RedisServer server = RedisServer.start()) {
			assertThat(server.port()).isNotEqualTo(6379);
			withCommands(server, (redis) -> assertThat(redis.ping()).isEqualTo("PONG"));
		}
	}

	@Test
	void restartsEmptyOnSamePort() {
		try (RedisServer server = RedisServer.start()) {
			int port = server.port();
			withCommands(server, (redis) -> redis.set("k", "v"));
			server.restart();
			assertThat(server.port()).isEqualTo(port);
			withCommands(server, (redis) -> assertThat(redis.get("k")).isNull());
		}
	}

	@Test
	void killEndsProcess() {
		try (RedisServer server = RedisServer.start()) {
			server.kill();
			assertThat(server.isRunning()).isFalse();
		}
	}

	@Test
	void pausedServerAnswersNothingUntilResumed() {
		try (RedisServer server = RedisServer.start()) {
			RedisClient client = RedisClient.create(RedisURI.builder()
				.withHost(server.host())
				.withPort(server.port())
				.withTimeout(Duration.ofMillis(300))
				.build());
			try (StatefulRedisConnection<String, String> connection = client.connect()) {
				server.pause();
				assertThatExceptionOfType(RedisCommandTimeoutException.class)
					.isThrownBy(() -> connection.sync().ping());
				server.resume();
				assertThat(connection.sync().ping()).isEqualTo("PONG");
			}
			finally {
				client.shutdown();
			}
		}
	}

	@Test
	void flushScriptsEmptiesScriptCache() {
		try (RedisServer server = RedisServer.start()) {
			withCommands(server, (redis) -> {
				String sha = redis.scriptLoad("return 1");
				server.flushScripts();
				assertThat(redis.scriptExists(sha)).containsExactly(false);
			});
		}
	}

	@Test
	void countsCommandCalls() {
		try (RedisServer server = RedisServer.start()) {
			server.resetStatistics();
			withCommands(server, (redis) -> {
				redis.set("a", "1");
				redis.set("b", "2");
			});
			assertThat(server.commandCalls()).containsEntry("set", 2L);
		}
	}

	static void withCommands(RedisServer server, Consumer<RedisCommands<String, String>> action) {
		RedisClient client = RedisClient.create(server.uri());
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			action.accept(connection.sync());
		}
		finally {
			client.shutdown();
		}
	}

}
