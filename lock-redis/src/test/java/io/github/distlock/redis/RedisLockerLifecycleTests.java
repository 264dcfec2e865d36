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
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.test.redis.FaultProxy;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.awaitility.Awaitility.await;

/**
 * {@link RedisLocker} as a {@link SmartLifecycle}: it stops after the web server has
 * drained its requests and before the connection factory, and, started again, delivers
 * notices again.
 */
class RedisLockerLifecycleTests {

	/**
	 * Spring Boot's {@code WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE}, the
	 * phase of {@code WebServerGracefulShutdownLifecycle}; spring-boot-web-server is not
	 * on this class path.
	 */
	private static final int GRACEFUL_SHUTDOWN_PHASE = SmartLifecycle.DEFAULT_PHASE - 1024;

	private static final Duration LEASE = Duration.ofSeconds(30);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private final RedisLockers lockers = new RedisLockers("lifecycle-" + UUID.randomUUID());

	private final String key = "goods:" + UUID.randomUUID();

	private LettuceConnectionFactory connectionFactory;

	private RedisLocker otherProcess;

	@BeforeEach
	void connect() {
		this.connectionFactory = RedisConnections.standalone(redis.server().port());
		this.otherProcess = this.lockers.create(this.connectionFactory, RedisLocker.GIVE_WAY);
	}

	@AfterEach
	void disconnect() {
		this.lockers.close();
		this.connectionFactory.destroy();
	}

	@Test
	void phaseLiesBetweenConnectionFactoryAndGracefulShutdown() {
		assertThat(RedisLocker.PHASE).isGreaterThan(new LettuceConnectionFactory().getPhase())
			.isLessThan(GRACEFUL_SHUTDOWN_PHASE);
	}

	@Test
	void contextStopsLockerAfterGracefulShutdownAndBeforeConnectionFactory() throws InterruptedException {
		try (GenericApplicationContext context = new GenericApplicationContext()) {
			context.registerBean(LettuceConnectionFactory.class,
					() -> new LettuceConnectionFactory(redis.server().host(), redis.server().port()));
			context.registerBean(RedisLocker.class,
					() -> new RedisLocker(context.getBean(LettuceConnectionFactory.class), this.lockers.prefix()));
			Observer draining = new Observer(GRACEFUL_SHUTDOWN_PHASE,
					() -> context.getBean(RedisLocker.class).releaseNoticesActive());
			Observer belowLocker = new Observer(RedisLocker.PHASE - 1,
					() -> !context.getBean(RedisLocker.class).isRunning()
							&& context.getBean(LettuceConnectionFactory.class).isRunning());
			context.registerBean("draining", Observer.class, () -> draining);
			context.registerBean("belowLocker", Observer.class, () -> belowLocker);
			context.refresh();
			RedisLocker locker = context.getBean(RedisLocker.class);
			BlockingQueue<String> notices = listen(locker);
			assertNoticeArrives(locker, notices);
			context.stop();
			context.start();
			await().atMost(Duration.ofSeconds(10)).until(locker::releaseNoticesActive);
			assertNoticeArrives(locker, notices);
			context.close();
			assertThat(draining.seenWhenStopped).isTrue();
			assertThat(belowLocker.seenWhenStopped).isTrue();
		}
	}

	@Test
	void noticesArriveAgainAfterStopAndStart() throws InterruptedException {
		RedisLocker locker = this.lockers.create(this.connectionFactory, RedisLocker.GIVE_WAY);
		BlockingQueue<String> notices = listen(locker);
		locker.stop();
		assertThat(locker.isRunning()).isFalse();
		assertThat(locker.releaseNoticesActive()).isFalse();
		locker.start();
		assertThat(locker.isRunning()).isTrue();
		await().atMost(Duration.ofSeconds(10)).until(locker::releaseNoticesActive);
		assertNoticeArrives(locker, notices);
	}

	@Test
	void startLoadsTheScriptsAndOpensTheNoticeConnectionBeforeTheFirstLock() {
		RedisLocker locker = this.lockers.create(this.connectionFactory, RedisLocker.GIVE_WAY);
		redis.server().flushScripts();
		locker.start();
		assertThat(ScriptCache.loaded(redis.server())).isTrue();
		assertThat(locker.releaseNoticesActive()).isTrue();
		locker.stop();
		redis.server().flushScripts();
		locker.start();
		assertThat(ScriptCache.loaded(redis.server())).isTrue();
		assertThat(locker.releaseNoticesActive()).isTrue();
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void startGoesOnWithAWarningNamingRedisWhileItDoesNotAnswer(CapturedOutput output) {
		try (FaultProxy proxy = FaultProxy.start(redis.server())) {
			proxy.stall(Duration.ofSeconds(30));
			LettuceConnectionFactory unanswered = RedisConnections.standalone(proxy.port());
			RedisLocker locker = new RedisLocker(unanswered, this.lockers.prefix());
			try {
				assertTimeoutPreemptively(Duration.ofSeconds(20), locker::start);
				assertThat(output).contains("The lock store Redis at 127.0.0.1:" + proxy.port() + " was not ready");
			}
			finally {
				locker.close();
				unanswered.destroy();
			}
		}
	}

	@Test
	void closedLockerStaysStopped() {
		RedisLocker locker = this.lockers.create(this.connectionFactory, RedisLocker.GIVE_WAY);
		listen(locker);
		locker.close();
		locker.start();
		assertThat(locker.isRunning()).isFalse();
		assertThat(locker.releaseNoticesActive()).isFalse();
	}

	private static BlockingQueue<String> listen(RedisLocker locker) {
		BlockingQueue<String> notices = new LinkedBlockingQueue<>();
		locker.onRelease(notices::add);
		await().atMost(Duration.ofSeconds(10)).until(locker::releaseNoticesActive);
		return notices;
	}

	/**
	 * The other process holds the lock while {@code locker} waits for it, then releases
	 * it.
	 */
	private void assertNoticeArrives(RedisLocker locker, BlockingQueue<String> notices) throws InterruptedException {
		String owner = UUID.randomUUID().toString();
		try (ReleaseSubscription subscription = locker.subscribe(this.key, Duration.ofSeconds(10))) {
			await().atMost(Duration.ofSeconds(10)).until(subscription::isActive);
			this.otherProcess.tryAcquire(this.key, owner, LEASE, Duration.ZERO);
			locker.tryAcquire(this.key, "waiter", LEASE, LEASE);
			this.otherProcess.release(this.key, owner);
			assertThat(notices.poll(10, TimeUnit.SECONDS)).isEqualTo(this.key);
		}
	}

	/** Notes whether a condition held when the context stopped it, in its phase. */
	static final class Observer implements SmartLifecycle {

		private final int phase;

		private final BooleanSupplier condition;

		private volatile boolean running;

		private volatile boolean seenWhenStopped;

		Observer(int phase, BooleanSupplier condition) {
			this.phase = phase;
			this.condition = condition;
		}

		@Override
		public void start() {
			this.running = true;
		}

		@Override
		public void stop() {
			this.seenWhenStopped = this.condition.getAsBoolean();
			this.running = false;
		}

		@Override
		public boolean isRunning() {
			return this.running;
		}

		@Override
		public int getPhase() {
			return this.phase;
		}

	}

}
