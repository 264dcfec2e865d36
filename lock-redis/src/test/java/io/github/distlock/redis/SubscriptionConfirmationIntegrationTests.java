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
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.test.redis.FaultProxy;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A waiter's subscription whose confirmation is late (the pub/sub connection's replies
 * held by a fault proxy while the command connection answers): the waiter waits for it no
 * longer than its own wait, not the client's command timeout (review finding 10), and
 * once it comes the waiter is told to look again rather than wait for a notice it may
 * have missed.
 */
class SubscriptionConfirmationIntegrationTests {

	/** Long, as Lettuce's default of a minute is: a waiter must not wait for it. */
	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration HOLDER_LEASE = Duration.ofSeconds(60);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private final FaultProxy proxy = FaultProxy.start(redis.server());

	private final LettuceConnectionFactory connectionFactory = connectionFactory(this.proxy.port());

	private final String prefix = "confirmation-" + UUID.randomUUID();

	private final RedisLocker locker = new RedisLocker(this.connectionFactory, this.prefix);

	private final DefaultLockTemplate process = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

	private final RedisLockFixture otherProcess = new RedisLockFixture(redis.server(),
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), this.prefix);

	@AfterEach
	void close() {
		this.process.close();
		this.locker.close();
		this.connectionFactory.destroy();
		this.otherProcess.close();
		this.proxy.close();
	}

	@Test
	void tryAcquireReturnsWithinItsWaitWhileItsSubscriptionIsNotConfirmed() {
		LockHandle held = this.otherProcess.template.tryAcquire("k", HOLDER_LEASE, Duration.ZERO).orElseThrow();
		await().atMost(Duration.ofSeconds(10)).until(this.locker::releaseNoticesActive);
		this.proxy.holdRepliesAfterNext((command) -> command.get(0).equalsIgnoreCase("SSUBSCRIBE"),
				Duration.ofSeconds(20));
		long start = System.nanoTime();
		Optional<LockHandle> taken = this.process.tryAcquire("k", HOLDER_LEASE, Duration.ofSeconds(1));
		Duration took = Duration.ofNanos(System.nanoTime() - start);
		held.close();
		assertThat(taken).isEmpty();
		// A bound for correctness, far from both the wait and the command timeout.
		assertThat(took).isLessThan(Duration.ofSeconds(5));
	}

	@Test
	void confirmationAfterTheWaitForItEndedTellsTheWaiterToLookAgain() {
		BlockingQueue<String> resumed = new LinkedBlockingQueue<>();
		this.locker.onRelease(new ReleaseListener() {

			@Override
			public void released(String key) {
			}

			@Override
			public void noticesResumed(String key) {
				resumed.add(key);
			}

		});
		await().atMost(Duration.ofSeconds(10)).until(this.locker::releaseNoticesActive);
		this.proxy.holdRepliesAfterNext((command) -> command.get(0).equalsIgnoreCase("SSUBSCRIBE"),
				Duration.ofSeconds(1));
		try (ReleaseSubscription subscription = this.locker.subscribe("k", Duration.ofMillis(100))) {
			assertThat(subscription.isActive()).isFalse();
			await().atMost(Duration.ofSeconds(10)).until(subscription::isActive);
			await().atMost(Duration.ofSeconds(10)).until(() -> resumed.contains("k"));
		}
	}

	private static LettuceConnectionFactory connectionFactory(int port) {
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration("127.0.0.1", port),
				LettuceClientConfiguration.builder().commandTimeout(COMMAND_TIMEOUT).build());
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

}
