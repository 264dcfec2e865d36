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

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.Renewal;
import io.github.distlock.test.redis.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * The {@link Locker} contract run against {@link RedisLocker} on a real Redis server, and
 * what only Redis has: scripts that survive {@code SCRIPT FLUSH}, one round trip per
 * operation, batched renewals, and the keys of a lock in one cluster slot.
 */
class RedisLockerContractTests extends AbstractRedisLockerContractTests {

	/**
	 * Started here rather than by RedisServerExtension, which starts and stops servers
	 * for each nested class too.
	 */
	private static RedisServer server;

	private static LettuceConnectionFactory connectionFactory;

	/** Hidden by a subclass that runs the same tests on another server. */
	@BeforeAll
	static void startRedis() {
		startOn(RedisServer.start());
	}

	static void startOn(RedisServer started) {
		server = started;
		connectionFactory = RedisConnections.standalone(server.port());
	}

	static RedisServer server() {
		return server;
	}

	@AfterAll
	static void stopRedis() {
		connectionFactory.destroy();
		server.close();
	}

	@Override
	protected RedisConnectionFactory connectionFactory() {
		return connectionFactory;
	}

	@Override
	protected void loseAllData() {
		server.restart();
	}

	@Nested
	class Scripts {

		private static final Duration LEASE = Duration.ofSeconds(30);

		private final String owner = UUID.randomUUID().toString();

		@Test
		void everyOperationWorksAfterScriptFlush() {
			server.flushScripts();
			assertThat(locker().tryAcquire("flushed", this.owner, Duration.ofSeconds(30), Duration.ZERO)).returns(true,
					Acquisition::acquired);
			assertThat(locker().fence("flushed", this.owner)).isPositive();
			assertThat(locker().renew(List.of(new LeaseRequest("flushed", this.owner, Duration.ofSeconds(30)))))
				.containsExactly(Renewal.RENEWED);
			assertThat(locker().giveWay("flushed", this.owner)).isEqualTo(Release.RELEASED);
		}

		@Test
		void everyOperationIsOneRoundTrip() {
			List<Runnable> operations = List.of(
					() -> locker().tryAcquire("counted", this.owner, Duration.ofSeconds(30), Duration.ZERO),
					() -> locker().fence("counted", this.owner),
					() -> locker().renew(List.of(new LeaseRequest("counted", this.owner, Duration.ofSeconds(30)))),
					() -> locker().release("counted", this.owner));
			// The first call of a script on a server loads it (EVALSHA, NOSCRIPT, EVAL);
			// count later ones.
			operations.forEach(Runnable::run);
			for (Runnable operation : operations) {
				server.resetStatistics();
				operation.run();
				assertThat(server.commandCalls()).containsEntry("evalsha", 1L).doesNotContainKey("eval");
			}
		}

		@Test
		void releaseRunAgainAfterATryOnceCallerTookTheLockIsNotTaken() {
			assertThat(locker().tryAcquire("resent", this.owner, LEASE, Duration.ZERO).acquired()).isTrue();
			assertThat(locker().release("resent", this.owner)).isEqualTo(Release.RELEASED);
			assertThat(otherProcess().tryAcquire("resent", "try-once", LEASE, Duration.ZERO).acquired()).isTrue();
			// The client sends the release again when its reply was lost: the lock was
			// not lost to the try-once caller.
			assertThat(locker().release("resent", this.owner)).isEqualTo(Release.GONE);
		}

		@Test
		void fencingTokenStaysAboveOneMintedBeforeTheClockSteppedBack() {
			Duration memory = Duration.ofMillis(100);
			try (RedisLocker locker = new RedisLocker(connectionFactory, prefix(), RedisLocker.GIVE_WAY, memory,
					ReplicaAcknowledgement.NONE)) {
				assertThat(locker.tryAcquire("stepped", this.owner, LEASE, Duration.ZERO).acquired()).isTrue();
				// A token minted before the server's clock stepped back 10 s is
				// remembered.
				StringRedisTemplate redis = new StringRedisTemplate(connectionFactory);
				String tokenMemory = new RedisLockKeys(prefix()).forFence("stepped").get(1);
				long mintedBeforeStep = serverTime(redis, TimeUnit.MICROSECONDS) + 10_000_000;
				redis.opsForValue().set(tokenMemory, Long.toString(mintedBeforeStep), memory);
				long first = locker.fence("stepped", this.owner);
				assertThat(first).isGreaterThan(mintedBeforeStep);
				// Idle for longer than the memory, by the server's clock: the token
				// memory must still be there.
				long firstAt = serverTime(redis, TimeUnit.MILLISECONDS);
				await().atMost(Duration.ofSeconds(10))
					.until(() -> serverTime(redis, TimeUnit.MILLISECONDS) > firstAt + 2 * memory.toMillis());
				assertThat(locker.fence("stepped", this.owner)).isGreaterThan(first);
			}
		}

		private static long serverTime(StringRedisTemplate redis, TimeUnit unit) {
			return redis.execute((RedisCallback<Long>) (connection) -> connection.serverCommands().time(unit));
		}

		@Test
		void renewsManyLocksInCallsOfAHundred() {
			List<LeaseRequest> leases = new ArrayList<>();
			for (int i = 0; i < 250; i++) {
				leases.add(new LeaseRequest("many:" + i, this.owner, Duration.ofSeconds(30)));
				locker().tryAcquire("many:" + i, this.owner, Duration.ofSeconds(30), Duration.ZERO);
			}
			locker().renew(leases);
			server.resetStatistics();
			assertThat(locker().renew(leases)).hasSize(250).containsOnly(Renewal.RENEWED);
			assertThat(server.commandCalls()).containsEntry("evalsha", 3L);
		}

	}

	@Nested
	class Keys {

		@ParameterizedTest
		@ValueSource(strings = { "goods:42", "a}b", "{a}", "}", "{", "", "x{y}z" })
		void keysOfOneLockShareOneSlot(String name) {
			for (String prefix : List.of("lock", "lo}ck", "{lock}", "lock{")) {
				RedisLockKeys keys = new RedisLockKeys(prefix);
				Set<Integer> slots = new HashSet<>();
				List<String> all = new ArrayList<>(keys.forRelease(name));
				all.addAll(keys.forFence(name));
				all.forEach((key) -> slots.add(ClusterSlotHashUtil.calculateSlot(key)));
				assertThat(slots).as("slots of %s", all).hasSize(1);
			}
		}

		@Test
		void prefixThatStartsWithClosingBraceIsRefused() {
			assertThatIllegalArgumentException().isThrownBy(() -> new RedisLocker(connectionFactory, "}lock"))
				.withMessageContaining("'}lock'")
				.withMessageContaining("CROSSSLOT");
		}

		@Test
		void blankPrefixIsRefused() {
			assertThatIllegalArgumentException().isThrownBy(() -> new RedisLocker(connectionFactory, " "))
				.withMessageContaining("blank");
		}

	}

}
