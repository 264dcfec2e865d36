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

package io.github.distlock.zookeeper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.store.Acquisition;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A holder stops holding once the ensemble's leader may have ended its session, before
 * any event tells it so (ZOOKEEPER.md, point f): when its JVM is resumed after a pause
 * past its session ({@code SIGSTOP}, {@code SIGCONT}), when its client's events are held
 * up (as in such a process, whose user thread runs before the client's event thread), and
 * when the server it talks to is a follower cut off from the leader, which keeps
 * answering it.
 */
@ExtendWith(OutputCaptureExtension.class)
class ZooKeeperSessionProofIntegrationTests {

	private static final int SESSION_TIMEOUT_MILLIS = 4_000;

	private final String key = "job:" + UUID.randomUUID();

	private final String basePath = "/distlock-" + UUID.randomUUID();

	@Test
	void holderJvmPausedPastItsSessionSaysItHoldsNothingOnceResumed() throws Exception {
		Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
				System.getProperty("java.class.path"), PausedHolderProcess.class.getName(),
				ZooKeeperServers.connectString(), this.basePath, this.key)
			.redirectErrorStream(true)
			.start();
		List<String> readings = new CopyOnWriteArrayList<>();
		CountDownLatch acquired = new CountDownLatch(1);
		Thread reader = new Thread(() -> readLines(holder, readings, acquired));
		reader.setDaemon(true);
		reader.start();
		CuratorFramework otherClient = ZooKeeperServers.client();
		try {
			assertThat(acquired.await(60, TimeUnit.SECONDS)).as("the holder JVM took the lock").isTrue();
			signal(holder, "STOP");
			LockingContexts.on(otherClient, this.basePath).run((other) -> {
				try (LockHandle taken = other.getBean(LockTemplate.class)
					.tryAcquire(this.key, null, Duration.ofSeconds(60))
					.orElseThrow()) {
					long takenAt = System.nanoTime();
					signal(holder, "CONT");
					await().atMost(Duration.ofSeconds(30))
						.until(() -> readingsAfter(readings, takenAt + SECONDS.toNanos(1)) > 0);
					long heldAfterTakeOver = readings.stream()
						.filter((reading) -> reading.startsWith("true ")
								&& Long.parseLong(reading.substring(5)) - takenAt > 0)
						.count();
					System.out
						.println("Paused holder JVM, readings 10 ms apart saying held after another JVM took the lock: "
								+ heldAfterTakeOver);
					assertThat(heldAfterTakeOver).isZero();
				}
			});
		}
		finally {
			signal(holder, "CONT");
			holder.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
			otherClient.close();
		}
	}

	private static void readLines(Process process, List<String> readings, CountDownLatch acquired) {
		try (BufferedReader lines = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line = lines.readLine(); line != null; line = lines.readLine()) {
				if (line.equals("acquired")) {
					acquired.countDown();
				}
				else if (line.matches("(true|false) \\d+")) {
					readings.add(line);
				}
			}
		}
		catch (IOException ex) {
			// the process ended
		}
	}

	private static long readingsAfter(List<String> readings, long time) {
		return readings.stream()
			.filter((reading) -> Long.parseLong(reading.substring(reading.indexOf(' ') + 1)) - time > 0)
			.count();
	}

	private static void signal(Process process, String signal) {
		try {
			new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start()
				.waitFor(10, TimeUnit.SECONDS);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Test
	void sessionTimeoutShorterThanFourTickTimesIsWarnedOfOnce(CapturedOutput output) {
		CuratorFramework client = ZooKeeperServers.client();
		long timeout = client.getZookeeperClient().getLastNegotiatedSessionTimeoutMs();
		try (ZooKeeperLocker shortSession = new ZooKeeperLocker(client, this.basePath, "lock",
				Duration.ofMillis(timeout / 3));
				ZooKeeperLocker longEnough = new ZooKeeperLocker(client, this.basePath, "other",
						Duration.ofMillis(timeout / 8))) {
			// Each proves the client's session: three of its tick times, and eight.
			assertThat(shortSession.tryAcquire(this.key, "short", Duration.ofSeconds(30), Duration.ZERO).acquired())
				.isTrue();
			assertThat(longEnough.tryAcquire(this.key, "long", Duration.ofSeconds(30), Duration.ZERO).acquired())
				.isTrue();
			assertThat(
					output.getOut().lines().filter((line) -> line.contains("WARN") && line.contains("session timeout")))
				.singleElement(InstanceOfAssertFactories.STRING)
				.contains(timeout + " ms", (timeout / 3) + " ms", "distlock.zookeeper.tick-time");
		}
		finally {
			client.close();
		}
	}

	@Test
	void firstAcquireOfANewSessionCountsItsLeaseFromAfterTheSessionsProof() {
		CuratorFramework client = ZooKeeperServers.client();
		try (ZooKeeperLocker locker = new ZooKeeperLocker(client, this.basePath, "lock")) {
			// A new session is proven by two answers three quarters of a tick-time apart,
			// after the call began.
			Acquisition first = locker.tryAcquire(this.key, "first", Duration.ofSeconds(30), Duration.ZERO);
			assertThat(first.acquired()).isTrue();
			assertThat(first.askedAfter()).as("how long after the call the lock was asked for")
				.isGreaterThanOrEqualTo(Duration.ofMillis(SessionProof.DEFAULT_TICK_TIME.toMillis() / 2));
			// Proven now, the next acquire asks at once.
			assertThat(locker.tryAcquire(this.key + ":next", "next", Duration.ofSeconds(30), Duration.ZERO))
				.isEqualTo(Acquisition.ACQUIRED);
		}
		finally {
			client.close();
		}
	}

	@Test
	void holderWhoseEventsAreHeldUpStopsHoldingOnceItsSessionIsNoLongerProven() throws Exception {
		String member = ZooKeeperServers.connectString();
		try (PartitionProxy proxy = PartitionProxy
			.start(Integer.parseInt(member.substring(member.lastIndexOf(':') + 1)))) {
			CuratorFramework holderClient = client("127.0.0.1:" + proxy.port());
			CuratorFramework otherClient = ZooKeeperServers.client();
			CountDownLatch eventsFlow = new CountDownLatch(1);
			AtomicBoolean holdEvents = new AtomicBoolean();
			// Registered before the locker's: while it waits, no connection change
			// reaches the locker.
			holderClient.getConnectionStateListenable().addListener((client, state) -> {
				if (holdEvents.get()) {
					awaitQuietly(eventsFlow);
				}
			});
			try {
				LockingContexts.on(holderClient, this.basePath)
					.run((holder) -> LockingContexts.on(otherClient, this.basePath).run((other) -> {
						LockHandle held = holder.getBean(LockTemplate.class)
							.tryAcquire(this.key, Duration.ofMinutes(10), Duration.ZERO)
							.orElseThrow();
						holdEvents.set(true);
						proxy.cut();
						Overlap overlap = takeOver(held, other.getBean(LockTemplate.class));
						System.out.println("Events held up: " + overlap);
						assertThat(overlap.heldAfterTakeOver()).as(overlap.toString()).isFalse();
						eventsFlow.countDown();
						held.close();
					}));
			}
			finally {
				eventsFlow.countDown();
				holderClient.close();
				otherClient.close();
			}
		}
	}

	@Test
	void holderOnAFollowerCutOffFromTheLeaderStopsHoldingBeforeAnotherProcessTakesTheLock() throws Exception {
		try (PartitionedEnsemble ensemble = new PartitionedEnsemble()) {
			ensemble.awaitFirstFollows();
			CuratorFramework holderClient = client(ensemble.firstMember());
			CuratorFramework otherClient = client(ensemble.otherMembers());
			String tickTime = "distlock.zookeeper.tick-time=" + PartitionedEnsemble.TICK_MILLIS + "ms";
			try {
				LockingContexts.on(holderClient, this.basePath)
					.withPropertyValues(tickTime)
					.run((holder) -> LockingContexts.on(otherClient, this.basePath)
						.withPropertyValues(tickTime)
						.run((other) -> {
							LockHandle held = holder.getBean(LockTemplate.class)
								.tryAcquire(this.key, null, Duration.ZERO)
								.orElseThrow();
							ensemble.cutOffFirst();
							Overlap overlap = takeOver(held, other.getBean(LockTemplate.class));
							System.out.println("Follower cut off from the leader: " + overlap);
							assertThat(overlap.heldAfterTakeOver()).as(overlap.toString()).isFalse();
							held.close();
						}));
			}
			finally {
				holderClient.close();
				otherClient.close();
			}
		}
	}

	/**
	 * Another process waits for the lock while {@code held}'s process is cut off; a
	 * thread reads {@code held.isHeld()} every 10 ms until a second after the other one
	 * took the lock.
	 */
	private static Overlap takeOver(LockHandle held, LockTemplate other) throws InterruptedException {
		long cutAt = System.nanoTime();
		AtomicLong notHeldAt = new AtomicLong();
		AtomicLong takenAt = new AtomicLong();
		AtomicBoolean heldAfterTakeOver = new AtomicBoolean();
		Thread reader = new Thread(() -> {
			while (takenAt.get() == 0 || System.nanoTime() - takenAt.get() < TimeUnit.SECONDS.toNanos(1)) {
				boolean taken = takenAt.get() != 0;
				if (held.isHeld()) {
					heldAfterTakeOver.compareAndSet(false, taken);
				}
				else {
					notHeldAt.compareAndSet(0, System.nanoTime());
				}
				sleep(10);
			}
		});
		reader.start();
		try (LockHandle taken = other.tryAcquire(held.key(), null, Duration.ofSeconds(60)).orElseThrow()) {
			takenAt.set(System.nanoTime());
			reader.join(10_000);
		}
		return new Overlap(cutAt, notHeldAt.get(), takenAt.get(), heldAfterTakeOver.get());
	}

	static CuratorFramework client(String connectString) throws InterruptedException {
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs(SESSION_TIMEOUT_MILLIS)
			.connectionTimeoutMs(5_000)
			.retryPolicy(new RetryOneTime(100))
			// Only the servers named: a holder cut off with its server does not reconnect
			// to another one in time.
			.ensembleTracker(false)
			.build();
		client.start();
		assertThat(client.blockUntilConnected(30, TimeUnit.SECONDS)).isTrue();
		return client;
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(2, TimeUnit.MINUTES);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * When, after the cut, the old holder stopped holding and the other process took the
	 * lock.
	 */
	private record Overlap(long cutAt, long notHeldAt, long takenAt, boolean heldAfterTakeOver) {

		@Override
		public String toString() {
			String notHeld = (this.notHeldAt == 0) ? "never" : millisAfterCut(this.notHeldAt) + " ms";
			return "old holder not held after " + notHeld + ", lock taken by another after "
					+ millisAfterCut(this.takenAt) + " ms; old holder still held after the take-over: "
					+ this.heldAfterTakeOver;
		}

		private long millisAfterCut(long time) {
			return TimeUnit.NANOSECONDS.toMillis(time - this.cutAt);
		}

	}

}
