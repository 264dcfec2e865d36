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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.zookeeper.client.FourLetterWordMain;
import org.junit.jupiter.api.Test;

import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.LockStoreException;
import io.github.distlock.LockTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Locks on a real ensemble of three ZooKeeper servers stay exclusive while one member is
 * killed under load: threads of two processes contend for one lock through
 * {@link LockTemplate}, the leader is killed midway (the others elect a new one), and no
 * two holders ever overlap, no update is lost, and no call outlasts its wait by more than
 * a bounded time.
 */
class ZooKeeperEnsembleIntegrationTests {

	private static final Duration WAIT = Duration.ofSeconds(20);

	/**
	 * How long past its wait a call may take: a failed-over client's calls, bounded by
	 * its timeouts.
	 */
	private static final Duration SLACK = Duration.ofSeconds(30);

	private static final int THREADS_PER_PROCESS = 2;

	private static final int UPDATES_BEFORE_KILL = 20;

	private static final int UPDATES = 60;

	private final String key = "stock:" + UUID.randomUUID();

	private final AtomicInteger inside = new AtomicInteger();

	private final AtomicInteger overlaps = new AtomicInteger();

	private final AtomicInteger updates = new AtomicInteger();

	private final AtomicInteger failures = new AtomicInteger();

	private final AtomicLong longestCall = new AtomicLong();

	private final CountDownLatch killPoint = new CountDownLatch(UPDATES_BEFORE_KILL);

	/**
	 * Read-modify-write without atomicity: only the lock keeps updates from being lost.
	 */
	private int counter;

	@Test
	void locksStayExclusiveWhileAMemberIsKilled() throws Exception {
		try (TestingCluster cluster = new TestingCluster(3)) {
			cluster.start();
			CuratorFramework first = ZooKeeperServers.client(cluster.getConnectString());
			CuratorFramework second = ZooKeeperServers.client(cluster.getConnectString());
			try {
				LockingContexts.on(first, "/distlock")
					.run((one) -> LockingContexts.on(second, "/distlock").run((two) -> {
						ExecutorService threads = Executors.newFixedThreadPool(2 * THREADS_PER_PROCESS);
						try {
							List<Future<?>> workers = new ArrayList<>();
							for (int thread = 0; thread < 2 * THREADS_PER_PROCESS; thread++) {
								LockTemplate template = ((thread % 2 == 0) ? one : two).getBean(LockTemplate.class);
								workers.add(threads.submit(() -> contend(template)));
							}
							assertThat(this.killPoint.await(2, TimeUnit.MINUTES)).isTrue();
							assertThat(cluster.killServer(leader(cluster))).isTrue();
							for (Future<?> worker : workers) {
								worker.get(5, TimeUnit.MINUTES);
							}
						}
						finally {
							threads.shutdownNow();
						}
					}));
			}
			finally {
				first.close();
				second.close();
			}
		}
		System.out.println("Ensemble with its leader killed: " + this.updates + " updates, " + this.failures
				+ " failed calls, longest call " + TimeUnit.NANOSECONDS.toMillis(this.longestCall.get()) + " ms");
		assertThat(this.overlaps).hasValue(0);
		assertThat(this.counter).isEqualTo(this.updates.get()).isGreaterThanOrEqualTo(UPDATES);
		assertThat(Duration.ofNanos(this.longestCall.get())).isLessThan(WAIT.plus(SLACK));
	}

	/**
	 * The member that leads the ensemble, as it says itself ({@code srvr}, allowed by
	 * default).
	 */
	private static InstanceSpec leader(TestingCluster cluster) throws Exception {
		for (InstanceSpec instance : cluster.getInstances()) {
			if (FourLetterWordMain.send4LetterWord(instance.getHostname(), instance.getPort(), "srvr")
				.contains("Mode: leader")) {
				return instance;
			}
		}
		throw new IllegalStateException("No member of " + cluster.getConnectString() + " leads");
	}

	private void contend(LockTemplate template) {
		while (this.updates.get() < UPDATES) {
			long started = System.nanoTime();
			try {
				template.execute(this.key, null, WAIT, this::update);
			}
			catch (LockNotAcquiredException | LockStoreException ex) {
				// While the ensemble fails over a call may fail; exclusion must hold
				// regardless.
				this.failures.incrementAndGet();
			}
			finally {
				this.longestCall.accumulateAndGet(System.nanoTime() - started, Math::max);
			}
		}
	}

	private Void update() {
		if (this.inside.incrementAndGet() != 1) {
			this.overlaps.incrementAndGet();
		}
		int value = this.counter;
		Thread.yield();
		this.counter = value + 1;
		this.updates.incrementAndGet();
		this.inside.decrementAndGet();
		this.killPoint.countDown();
		return null;
	}

}
