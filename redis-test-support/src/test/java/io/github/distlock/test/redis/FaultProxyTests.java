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
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Collectors;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class FaultProxyTests {

	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);

	private static final Duration SHORT_TIMEOUT = Duration.ofMillis(300);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private final String key = "fault-proxy:" + UUID.randomUUID();

	private FaultProxy proxy;

	private RedisClient client;

	private StatefulRedisConnection<String, String> connection;

	private RedisCommands<String, String> commands;

	private RedisClient directClient;

	private RedisCommands<String, String> direct;

	@BeforeEach
	void connectThroughProxy() {
		this.proxy = FaultProxy.start(redis.server());
		this.client = RedisClient.create(uri(this.proxy.host(), this.proxy.port()));
		this.connection = this.client.connect();
		this.commands = this.connection.sync();
		this.directClient = RedisClient.create(uri(redis.server().host(), redis.server().port()));
		this.direct = this.directClient.connect().sync();
	}

	@AfterEach
	void shutDown() {
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
		this.directClient.shutdown(Duration.ZERO, Duration.ofSeconds(2));
		this.proxy.close();
	}

	@Test
	void forwardsCommandsAndRepliesBothWays() {
		assertThat(this.commands.set(this.key, "v")).isEqualTo("OK");
		assertThat(this.commands.get(this.key)).isEqualTo("v");
		assertThat(this.direct.get(this.key)).isEqualTo("v");
		assertThat(this.proxy.host()).isEqualTo("127.0.0.1");
		assertThat(this.proxy.commandsForwarded("set")).isEqualTo(1);
		assertThat(this.proxy.commandsForwarded("GET")).isEqualTo(1);
	}

	@Test
	void holdsTheRepliesOfTheConnectionThatSentTheCommandOnly() throws Exception {
		this.proxy.holdRepliesAfterNext((command) -> command.get(0).equalsIgnoreCase("ECHO"), Duration.ofSeconds(2));
		CompletableFuture<String> held = this.connection.async().echo("held").toCompletableFuture();
		try (StatefulRedisConnection<String, String> other = this.client.connect()) {
			assertThat(other.sync().set(this.key, "v")).isEqualTo("OK");
		}
		assertThat(this.direct.get(this.key)).isEqualTo("v");
		assertThat(held).isNotDone();
		assertThat(held.get(10, SECONDS)).isEqualTo("held");
		assertThat(this.commands.get(this.key)).isEqualTo("v");
	}

	@Test
	void forwardsPubSubMessages() throws InterruptedException {
		BlockingQueue<String> messages = new LinkedBlockingQueue<>();
		StatefulRedisPubSubConnection<String, String> pubSub = this.client.connectPubSub();
		pubSub.addListener(new RedisPubSubAdapter<>() {

			@Override
			public void message(String channel, String message) {
				messages.add(message);
			}

		});
		pubSub.sync().subscribe(this.key);
		this.commands.publish(this.key, "hello");
		assertThat(messages.poll(10, SECONDS)).isEqualTo("hello");
	}

	@Test
	void cutAfterCommandMakesLettuceRunItAgainOnReconnect() throws Exception {
		CompletableFuture<Void> cut = this.proxy.cutAfterNext("incr");
		assertThat(this.commands.incr(this.key)).isEqualTo(2);
		cut.get(10, SECONDS);
		assertThat(this.direct.get(this.key)).isEqualTo("2");
		assertThat(this.proxy.commandsForwarded("INCR")).isEqualTo(2);
	}

	@Test
	void cutFiresOnceOnFirstMatchingCommand() throws Exception {
		CompletableFuture<Void> cut = this.proxy
			.cutAfterNext((command) -> command.size() > 1 && command.get(1).equals(this.key));
		assertThat(this.commands.incr(this.key + ":other")).isEqualTo(1);
		assertThat(cut).isNotDone();
		assertThat(this.commands.incr(this.key)).isEqualTo(2);
		cut.get(10, SECONDS);
		assertThat(this.commands.incr(this.key)).isEqualTo(3);
		assertThat(this.proxy.commandsForwarded("incr")).isEqualTo(4);
	}

	@Test
	void cutCommandFailsAndRunsOnceWhenLettuceDoesNotReconnect() throws Exception {
		this.client.setOptions(ClientOptions.builder().autoReconnect(false).build());
		try (StatefulRedisConnection<String, String> once = this.client.connect()) {
			CompletableFuture<Void> cut = this.proxy.cutAfterNext("INCR");
			assertThatExceptionOfType(RedisException.class).isThrownBy(() -> once.sync().incr(this.key));
			cut.get(10, SECONDS);
			assertThat(this.direct.get(this.key)).isEqualTo("1");
		}
	}

	@Test
	void stallLongerThanCommandTimeoutTimesCommandOutThenDeliversWhatItHeld() throws Exception {
		this.connection.setTimeout(SHORT_TIMEOUT);
		CompletableFuture<Void> stallOver = this.proxy.stall(Duration.ofSeconds(2));
		assertThatExceptionOfType(RedisCommandTimeoutException.class)
			.isThrownBy(() -> this.commands.set(this.key, "held"));
		assertThat(this.proxy.commandsForwarded("set")).isZero();
		stallOver.get(10, SECONDS);
		this.connection.setTimeout(COMMAND_TIMEOUT);
		assertThat(this.commands.get(this.key)).isEqualTo("held");
		assertThat(this.proxy.commandsForwarded("hello")).as("connections opened").isEqualTo(1);
	}

	@Test
	void droppedReplyTimesCommandOutAlthoughServerRanIt() throws Exception {
		this.connection.setTimeout(SHORT_TIMEOUT);
		CompletableFuture<Void> dropOver = this.proxy.dropReplies(Duration.ofSeconds(2));
		assertThatExceptionOfType(RedisCommandTimeoutException.class)
			.isThrownBy(() -> this.commands.set(this.key, "v"));
		assertThat(this.direct.get(this.key)).isEqualTo("v");
		dropOver.get(10, SECONDS);
		this.connection.setTimeout(COMMAND_TIMEOUT);
		this.proxy.closeConnections();
		assertThat(this.commands.get(this.key)).isEqualTo("v");
	}

	@Test
	void afterDroppedReplyLettuceStaysOneReplyShortUntilItReconnects() throws Exception {
		this.connection.setTimeout(SHORT_TIMEOUT);
		CompletableFuture<Void> dropOver = this.proxy.dropReplies(Duration.ofSeconds(2));
		assertThatExceptionOfType(RedisCommandTimeoutException.class)
			.isThrownBy(() -> this.commands.set(this.key, "v"));
		dropOver.get(10, SECONDS);
		// the timed-out SET is still first in Lettuce's queue and takes the GET's reply
		assertThatExceptionOfType(RedisCommandTimeoutException.class).isThrownBy(() -> this.commands.get(this.key));
		assertThat(this.proxy.commandsForwarded("get")).isEqualTo(1);
	}

	@Test
	void closeEndsEveryThreadOfTheProxy() {
		StatefulRedisPubSubConnection<String, String> pubSub = this.client.connectPubSub();
		pubSub.sync().subscribe(this.key);
		this.proxy.stall(Duration.ofMinutes(1));
		this.connection.async().ping();
		assertThat(proxyThreads()).hasSizeGreaterThanOrEqualTo(5);
		this.proxy.close();
		assertThat(proxyThreads()).isEmpty();
	}

	private List<String> proxyThreads() {
		String prefix = "fault-proxy-" + this.proxy.port() + "-";
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter(Thread::isAlive)
			.map(Thread::getName)
			.filter((name) -> name.startsWith(prefix))
			.collect(Collectors.toList());
	}

	private static RedisURI uri(String host, int port) {
		return RedisURI.builder().withHost(host).withPort(port).withTimeout(COMMAND_TIMEOUT).build();
	}

}
