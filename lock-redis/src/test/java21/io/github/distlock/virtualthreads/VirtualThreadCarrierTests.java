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

package io.github.distlock.virtualthreads;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A virtual thread that holds a distlock lock, or waits for one inside distlock, leaves its
 * carrier to other virtual threads. Run with one carrier that the scheduler may not add to
 * ({@code -Djdk.virtualThreadScheduler.parallelism=1}, {@code maxPoolSize=1}, the
 * {@code virtual-thread-carriers} execution of this module): a holder or a waiter that pinned it
 * would stop every other virtual thread, as the control test's thread pinned in a class
 * initializer does. JFR's {@code jdk.VirtualThreadPinned} events say the same from the JVM's side.
 */
class VirtualThreadCarrierTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration BOUND = Duration.ofSeconds(10);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private static ConfigurableApplicationContext thisProcess;

	private static ConfigurableApplicationContext otherProcess;

	// outside the class being initialized: other threads reading its fields would wait for its initializer
	private static final CountDownLatch pinnedParked = new CountDownLatch(1);

	private static final CountDownLatch pinnedLetGo = new CountDownLatch(1);

	private final String key = "carriers:" + UUID.randomUUID();

	@BeforeAll
	static void startTwoApplications() {
		thisProcess = start();
		otherProcess = start();
	}

	@AfterAll
	static void stopThem() {
		thisProcess.close();
		otherProcess.close();
	}

	@BeforeEach
	void oneCarrier() {
		assumeTrue("1".equals(System.getProperty("jdk.virtualThreadScheduler.parallelism"))
				&& "1".equals(System.getProperty("jdk.virtualThreadScheduler.maxPoolSize")),
				"runs in the virtual-thread-carriers execution, with one carrier");
	}

	@ParameterizedTest(name = "holder in another process: {0}")
	@ValueSource(booleans = { false, true })
	void aHolderAndAWaiterParkedInDistlockLeaveTheCarrierToAThirdVirtualThread(boolean holderInOtherProcess)
			throws Exception {
		LockTemplate holderLocks = (holderInOtherProcess ? otherProcess : thisProcess).getBean(LockTemplate.class);
		LockTemplate waiterLocks = thisProcess.getBean(LockTemplate.class);
		CountDownLatch held = new CountDownLatch(1);
		CountDownLatch letGo = new CountDownLatch(1);
		CompletableFuture<Boolean> waiterGotIt = new CompletableFuture<>();
		try (PinnedEvents pinned = new PinnedEvents()) {
			Thread holder = Thread.ofVirtual().name("holder").start(() -> {
				try (LockHandle handle = holderLocks.tryAcquire(this.key, LEASE, Duration.ZERO).orElseThrow()) {
					held.countDown();
					letGo.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			});
			assertThat(held.await(BOUND.toSeconds(), TimeUnit.SECONDS)).as("holder took the lock").isTrue();
			Thread waiter = Thread.ofVirtual().name("waiter").start(() -> {
				Optional<LockHandle> handle = waiterLocks.tryAcquire(this.key, LEASE, Duration.ofSeconds(60));
				handle.ifPresent(LockHandle::close);
				waiterGotIt.complete(handle.isPresent());
			});
			await().atMost(BOUND).until(() -> parkedInDistlocksWait(waiter));

			assertThat(thirdVirtualThreadRuns()).as("a third virtual thread ran while both were parked").isTrue();
			assertThat(waiterGotIt).as("the waiter still waits").isNotDone();

			letGo.countDown();
			assertThat(waiterGotIt.get(BOUND.toSeconds(), TimeUnit.SECONDS)).as("the waiter got the lock").isTrue();
			holder.join(BOUND);
			waiter.join(BOUND);
			assertThat(pinned.stop()).as("pinned virtual threads in distlock's frames")
				.noneSatisfy((frames) -> assertThat(frames).anyMatch(VirtualThreadCarrierTests::isDistlocks));
		}
	}

	@Test
	void aVirtualThreadPinnedWhileParkedStopsEveryOtherOneSoTheCheckCanFail() throws Exception {
		try (PinnedEvents pinned = new PinnedEvents()) {
			Thread pinnedThread = Thread.ofVirtual().name("pinned").start(PinnedInItsInitializer::touch);
			assertThat(pinnedParked.await(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
			assertThat(thirdVirtualThreadRuns(Duration.ofSeconds(2))).as("a third virtual thread ran").isFalse();
			pinnedLetGo.countDown();
			pinnedThread.join(BOUND);
			List<List<String>> events = pinned.stop();
			assertThat(events).anySatisfy((frames) -> assertThat(frames)
				.anyMatch((frame) -> frame.startsWith(PinnedInItsInitializer.class.getName())));
		}
	}

	private static boolean thirdVirtualThreadRuns() throws InterruptedException {
		return thirdVirtualThreadRuns(BOUND);
	}

	private static boolean thirdVirtualThreadRuns(Duration within) throws InterruptedException {
		CountDownLatch ran = new CountDownLatch(1);
		Thread.ofVirtual().name("third").start(ran::countDown);
		return ran.await(within.toMillis(), TimeUnit.MILLISECONDS);
	}

	/** The waiter is parked on a condition, called from distlock: waiting for the lock, not for a store's reply. */
	private static boolean parkedInDistlocksWait(Thread waiter) {
		if (waiter.getState() != Thread.State.WAITING && waiter.getState() != Thread.State.TIMED_WAITING) {
			return false;
		}
		List<String> frames = Arrays.stream(waiter.getStackTrace())
			.map((frame) -> frame.getClassName() + "." + frame.getMethodName())
			.toList();
		return frames.stream().anyMatch((frame) -> frame.endsWith("ConditionObject.awaitNanos"))
				&& frames.stream().anyMatch(VirtualThreadCarrierTests::isDistlocks);
	}

	private static boolean isDistlocks(String frame) {
		return frame.startsWith("io.github.distlock.") && !frame.startsWith(VirtualThreadCarrierTests.class.getPackageName());
	}

	private static ConfigurableApplicationContext start() {
		return new SpringApplicationBuilder(LockApplication.class).web(WebApplicationType.NONE)
			.properties("spring.data.redis.port=" + redis.server().port(), "distlock.key-prefix=carriers")
			.run();
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, RedisLockAutoConfiguration.class,
			DistributedLockAutoConfiguration.class })
	static class LockApplication {

	}

	/** Parks in its static initializer, where a virtual thread cannot leave its carrier, even on JDK 24 and later. */
	static final class PinnedInItsInitializer {

		static {
			pinnedParked.countDown();
			try {
				pinnedLetGo.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		static void touch() {
		}

	}

}
