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
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.test.redis.RedisServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@link io.github.distlock.store.Locker} contract and the Redis locker's own tests
 * on the Redis 6.2 that embedded-redis ships, which has no sharded pub/sub: release
 * notices fall back to {@code PUBLISH} and {@code SUBSCRIBE} on each lock's own channel,
 * and still reach only the process that waits.
 */
class RedisLockerOnRedis6ContractTests extends RedisLockerContractTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@BeforeAll
	static void startRedis() {
		startOn(RedisServer.startBundled());
	}

	@Override
	protected int footprintLocks() {
		return 10_000;
	}

	@Nested
	class ClassicNotices {

		@Test
		void serverIsRedis6WithoutShardedPubSub() {
			String info = server().withConnection((connection) -> connection.sync().info("server"));
			assertThat(info).contains("redis_version:6.");
		}

		@Test
		void waiterIsToldOnItsLocksChannelByClassicPublish() throws InterruptedException {
			String key = "classic:" + UUID.randomUUID();
			String channel = new RedisLockKeys(prefix()).noticeChannel(key);
			BlockingQueue<String> notices = new LinkedBlockingQueue<>();
			locker().onRelease(notices::add);
			try (ReleaseSubscription subscription = locker().subscribe(key, Duration.ofSeconds(10))) {
				await().atMost(Duration.ofSeconds(10)).until(subscription::isActive);
				assertThat(channels()).contains(channel);
				assertThat(otherProcess().tryAcquire(key, "holder", LEASE, Duration.ZERO)).returns(true,
						Acquisition::acquired);
				locker().tryAcquire(key, "waiter", LEASE, LEASE);
				server().resetStatistics();
				otherProcess().release(key, "holder");
				assertThat(notices.poll(10, TimeUnit.SECONDS)).isEqualTo(key);
				assertThat(server().commandCalls()).containsEntry("publish", 1L).doesNotContainKey("spublish");
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> !channels().contains(channel));
		}

		/** The classic channels with subscribers ({@code PUBSUB CHANNELS}). */
		private List<String> channels() {
			return server().withConnection((connection) -> connection.sync().pubsubChannels());
		}

	}

}
