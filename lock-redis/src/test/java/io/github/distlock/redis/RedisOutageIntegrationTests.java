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

import io.github.distlock.LockHandle;
import io.github.distlock.LockStoreException;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Behaviour 13: when Redis is unreachable, acquisition fails within the command timeout;
 * when it comes back, locking works again without a restart.
 */
class RedisOutageIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(10);

	private static final Duration BOUND = RedisLockFixture.COMMAND_TIMEOUT.plusSeconds(3);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private RedisLockFixture fixture;

	@BeforeEach
	void setUp() {
		this.fixture = new RedisLockFixture(redis.server());
		this.fixture.template.tryAcquire("warm-up", LEASE, null).orElseThrow().close();
	}

	@AfterEach
	void tearDown() {
		if (!redis.server().isRunning()) {
			redis.server().restart();
		}
		redis.server().resume();
		this.fixture.close();
	}

	@Test
	void acquireFailsWithinCommandTimeoutWhileRedisDoesNotAnswer() {
		redis.server().pause();
		try {
			long start = System.nanoTime();
			assertThatExceptionOfType(LockStoreException.class)
				.isThrownBy(() -> this.fixture.template.tryAcquire("frozen", LEASE, Duration.ofSeconds(30)))
				.withMessageContaining("'frozen'");
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(BOUND);
		}
		finally {
			redis.server().resume();
		}
		// The late-answered acquisition is cleaned up at once, not left to its 10 s
		// lease.
		await().atMost(Duration.ofSeconds(3))
			.until(() -> this.fixture.template.tryAcquire("frozen", LEASE, null).map(this::closed).isPresent());
	}

	@Test
	void lockingWorksAgainAfterRedisRestarts() {
		redis.server().stop();
		long start = System.nanoTime();
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> this.fixture.template.tryAcquire("restarted", LEASE, null));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(BOUND);

		redis.server().restart();

		await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() -> {
			try (LockHandle handle = this.fixture.template.tryAcquire("restarted", LEASE, null).orElseThrow()) {
				assertThat(handle.isHeld()).isTrue();
			}
		});
	}

	@Test
	void releaseThatCannotReachRedisLeavesLockToExpire() {
		LockHandle handle = this.fixture.template.tryAcquire("stranded", Duration.ofSeconds(2), null).orElseThrow();
		redis.server().pause();
		long start = System.nanoTime();
		try {
			handle.close();
		}
		finally {
			redis.server().resume();
		}
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(BOUND);
		assertThat(handle.isHeld()).isFalse();
		assertThat(this.fixture.template.statistics().releasesFailed()).isEqualTo(1);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> this.fixture.template.tryAcquire("stranded", LEASE, Duration.ofSeconds(5))
				.map(this::closed)
				.isPresent());
	}

	private LockHandle closed(LockHandle handle) {
		handle.close();
		return handle;
	}

}
