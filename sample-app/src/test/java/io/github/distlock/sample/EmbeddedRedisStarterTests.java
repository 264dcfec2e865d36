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

package io.github.distlock.sample;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.Test;
import redis.embedded.RedisServer;

import static org.assertj.core.api.Assertions.assertThat;

class EmbeddedRedisStarterTests {

	@Test
	void startsEmbeddedRedisWhenNothingListensAndJoinsItAfterwards() throws IOException {
		int port = freePort();
		RedisServer started = EmbeddedRedisStarter.startIfUnreachable(port);
		try {
			assertThat(started).isNotNull();
			RedisClient client = RedisClient.create("redis://127.0.0.1:" + port);
			try (StatefulRedisConnection<String, String> connection = client.connect()) {
				assertThat(connection.sync().ping()).isEqualTo("PONG");
			}
			finally {
				client.shutdown();
			}
			assertThat(EmbeddedRedisStarter.startIfUnreachable(port)).as("a second instance joins the first").isNull();
		}
		finally {
			started.stop();
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
			return socket.getLocalPort();
		}
	}

}
