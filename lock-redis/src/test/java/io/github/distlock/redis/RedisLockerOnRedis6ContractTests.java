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
 * The {@link io.github.distlock.store.Locker} contract and the Redis locker's own tests on the Redis
 * 6.2 that embedded-redis ships, which has no sharded pub/sub: release notices fall back to
 * {@code PUBLISH} and {@code SUBSCRIBE} on each lock's own channel, and still reach only the
 * process that waits.
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
				assertThat(otherProcess().tryAcquire(key, "holder", LEASE, Duration.ZERO)).returns(true, Acquisition::acquired);
				locker().tryAcquire(key, "waiter", LEASE, LEASE);
				server().resetStatistics();
				otherProcess().release(key, "holder");
				assertThat(notices.poll(10, TimeUnit.SECONDS)).isEqualTo(key);
				assertThat(server().commandCalls()).containsEntry("publish", 1L).doesNotContainKey("spublish");
			}
			await().atMost(Duration.ofSeconds(10))
				.until(() -> !channels().contains(channel));
		}

		/** The classic channels with subscribers ({@code PUBSUB CHANNELS}). */
		private List<String> channels() {
			return server().withConnection((connection) -> connection.sync().pubsubChannels());
		}

	}

}
