package io.github.distlock.redis;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.core.LockSettings;
import io.github.distlock.test.redis.RedisServer;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Behaviours 8 and 9: round trips counted by the server ({@code INFO commandstats}), and scripts
 * that survive {@code SCRIPT FLUSH}.
 */
class RedisRoundTripIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(10);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private RedisLockFixture fixture;

	@BeforeEach
	void setUp() {
		this.fixture = new RedisLockFixture(redis.server());
		acquire("warm-up").close();
	}

	@AfterEach
	void tearDown() {
		this.fixture.close();
	}

	@Test
	void freeLockIsAcquiredInOneRoundTrip() {
		server().resetStatistics();
		LockHandle handle = acquire("free");
		assertThat(roundTrips()).isOne();
		handle.close();
	}

	@Test
	void lockIsReleasedInOneRoundTrip() {
		LockHandle handle = acquire("release");
		server().resetStatistics();
		handle.close();
		assertThat(roundTrips()).isOne();
	}

	@Test
	void lockIsRenewedInOneRoundTrip() {
		try (LockHandle handle = acquire("renew")) {
			String owner = this.fixture.redis.opsForValue().get(this.fixture.lockKey("renew"));
			// The first call on a server loads the script (EVALSHA, NOSCRIPT, EVAL); count a later one.
			this.fixture.locker.renew("renew", owner, LEASE);
			server().resetStatistics();
			assertThat(this.fixture.locker.renew("renew", owner, LEASE)).isTrue();
			assertThat(roundTrips()).isOne();
		}
	}

	@Test
	void reentryCostsNoRoundTrip() {
		try (LockHandle outer = acquire("nested")) {
			server().resetStatistics();
			acquire("nested").close();
			assertThat(roundTrips()).isZero();
		}
	}

	@Test
	void waitersOfOneProcessSendOneRequestAndDoNotPoll() throws Exception {
		try (RedisLockFixture otherProcess = new RedisLockFixture(redis.server(),
				LockSettings.watchdogLease(Duration.ofSeconds(30)), this.fixture.prefix)) {
			LockHandle held = otherProcess.template.tryAcquire("crowded", Duration.ofSeconds(30), Duration.ZERO).orElseThrow();
			ExecutorService waiters = Executors.newFixedThreadPool(10);
			CountDownLatch acquired = new CountDownLatch(10);
			server().resetStatistics();
			for (int i = 0; i < 10; i++) {
				waiters.submit(() -> {
					this.fixture.template.tryAcquire("crowded", LEASE, Duration.ofSeconds(20)).orElseThrow().close();
					acquired.countDown();
				});
			}
			Thread.sleep(1000);
			long whileHeld = roundTrips();
			held.close();
			assertThat(acquired.await(20, TimeUnit.SECONDS)).isTrue();
			waiters.shutdownNow();
			assertThat(whileHeld).isEqualTo(1);
		}
	}

	@Test
	void locksStillWorkAfterScriptFlush() {
		acquire("flushed").close();
		server().flushScripts();
		server().resetStatistics();
		try (LockHandle handle = acquire("flushed")) {
			assertThat(handle.isHeld()).isTrue();
		}
		assertThat(server().commandCalls()).containsKey("eval");
		assertThat(this.fixture.redis.hasKey(this.fixture.lockKey("flushed"))).isFalse();
	}

	private LockHandle acquire(String key) {
		return this.fixture.template.tryAcquire(key, LEASE, Duration.ZERO).orElseThrow();
	}

	private static RedisServer server() {
		return redis.server();
	}

	/**
	 * Requests the locker sent: it sends nothing but scripts. (The server's statistics also count
	 * the commands a script runs, so those are not round trips.)
	 */
	private static long roundTrips() {
		Map<String, Long> calls = server().commandCalls();
		return calls.getOrDefault("evalsha", 0L) + calls.getOrDefault("eval", 0L);
	}

}
