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

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.apache.curator.drivers.AdvancedTracerDriver;
import org.apache.curator.drivers.EventTrace;
import org.apache.curator.drivers.OperationTrace;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseSubscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The queue of a lock's nodes (ZOOKEEPER.md, point a): a waiting process keeps its node
 * queued and re-uses it, is told only when its own turn comes (no herd), and leaves no
 * node behind once it stops waiting.
 */
class ZooKeeperLockerQueueTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration WAIT = Duration.ofSeconds(30);

	private final String basePath = "/distlock-" + UUID.randomUUID();

	private final String key = "queue:" + UUID.randomUUID();

	private final LockerProcesses processes = new LockerProcesses(this.basePath);

	private final ZooKeeperLocker holder = this.processes.start();

	private final ZooKeeperLocker waiter = this.processes.start();

	@AfterEach
	void closeProcesses() {
		this.processes.close();
	}

	@Test
	void waiterReusesItsQueuedNodeWithItsNextOwner() {
		hold(this.holder, "holder");
		assertThat(this.waiter.tryAcquire(this.key, "first attempt", LEASE, WAIT).acquired()).isFalse();
		List<String> queued = nodes();
		assertThat(this.holder.release(this.key, "holder")).isEqualTo(Release.RELEASED);
		assertThat(this.waiter.tryAcquire(this.key, "second attempt", LEASE, Duration.ZERO)).returns(true,
				Acquisition::acquired);
		assertThat(nodes()).containsExactly(queued.get(1));
		assertThat(this.waiter.find(this.key).orElseThrow().owner()).isEqualTo("second attempt");
		assertThat(this.waiter.release(this.key, "second attempt")).isEqualTo(Release.RELEASED);
		assertThat(nodes()).isEmpty();
	}

	@Test
	void onlyTheNextWaiterIsToldOfARelease() throws InterruptedException {
		ZooKeeperLocker last = this.processes.start();
		BlockingQueue<String> toldNext = listen(this.waiter);
		BlockingQueue<String> toldLast = listen(last);
		hold(this.holder, "holder");
		try (ReleaseSubscription next = this.waiter.subscribe(this.key, Duration.ofSeconds(10));
				ReleaseSubscription after = last.subscribe(this.key, Duration.ofSeconds(10))) {
			assertThat(this.waiter.tryAcquire(this.key, "next", LEASE, WAIT).acquired()).isFalse();
			assertThat(last.tryAcquire(this.key, "last", LEASE, WAIT).acquired()).isFalse();
			this.holder.release(this.key, "holder");
			assertThat(toldNext.poll(10, TimeUnit.SECONDS)).isEqualTo(this.key);
			assertThat(this.waiter.tryAcquire(this.key, "next", LEASE, Duration.ZERO)).returns(true,
					Acquisition::acquired);
			assertThat(toldLast).as("the last waiter watches the next one, not the holder").isEmpty();
			this.waiter.release(this.key, "next");
			assertThat(toldLast.poll(10, TimeUnit.SECONDS)).isEqualTo(this.key);
			assertThat(last.tryAcquire(this.key, "last", LEASE, Duration.ZERO)).returns(true, Acquisition::acquired);
		}
	}

	@Test
	void closingTheLastSubscriptionDeletesTheQueuedNode() {
		hold(this.holder, "holder");
		ReleaseSubscription first = this.waiter.subscribe(this.key, Duration.ofSeconds(10));
		ReleaseSubscription second = this.waiter.subscribe(this.key, Duration.ofSeconds(10));
		assertThat(this.waiter.tryAcquire(this.key, "waiter", LEASE, WAIT).acquired()).isFalse();
		first.close();
		assertThat(nodes()).hasSize(2);
		second.close();
		assertThat(nodes()).hasSize(1);
		assertThat(this.holder.release(this.key, "holder")).isEqualTo(Release.RELEASED);
		assertThat(nodes()).isEmpty();
	}

	@Test
	void queuedNodeGoesWhenItsWaitEnds() {
		hold(this.holder, "holder");
		assertThat(this.waiter.tryAcquire(this.key, "waiter", LEASE, Duration.ofMillis(200)).acquired()).isFalse();
		await().atMost(Duration.ofSeconds(10)).until(() -> nodes().size() == 1);
	}

	@Test
	void longWaitKeepsOneEndOfWaitTaskWhateverItsBusyAnswers() {
		hold(this.holder, "holder");
		// A waiter looks again at least every RECHECK (1 s): 1,000 busy answers are some
		// 17 minutes of one wait.
		try (ReleaseSubscription subscription = this.waiter.subscribe(this.key, Duration.ofSeconds(10))) {
			for (int i = 0; i < 1000; i++) {
				assertThat(this.waiter.tryAcquire(this.key, "waiter-" + i, LEASE, Duration.ofHours(1)).acquired())
					.isFalse();
			}
			assertThat(ProcessInternals.pendingBackgroundTasks(this.waiter)).as("tasks pending while waiting")
				.isLessThanOrEqualTo(1);
		}
		assertThat(ProcessInternals.pendingBackgroundTasks(this.waiter)).as("tasks pending after the wait").isZero();
	}

	@Test
	void waitingAgainAndAgainKeepsOneWatcherOnTheHoldersNode() throws Exception {
		hold(this.holder, "holder");
		for (int i = 0; i < 100; i++) {
			try (ReleaseSubscription subscription = this.waiter.subscribe(this.key, Duration.ofSeconds(10))) {
				assertThat(this.waiter.tryAcquire(this.key, "waiter-" + i, LEASE, WAIT).acquired()).isFalse();
			}
		}
		assertThat(ProcessInternals.mostWatchersOnOneNode(this.processes.client(this.waiter))).isLessThanOrEqualTo(1);
	}

	@Test
	void callerThatWillNotWaitLeavesNoNode() {
		hold(this.holder, "holder");
		assertThat(this.waiter.tryAcquire(this.key, "waiter", LEASE, Duration.ZERO).acquired()).isFalse();
		assertThat(nodes()).hasSize(1);
	}

	@Test
	void closingTheLockerDeletesItsQueuedNodes() {
		hold(this.holder, "holder");
		assertThat(this.waiter.tryAcquire(this.key, "waiter", LEASE, WAIT).acquired()).isFalse();
		this.waiter.close();
		assertThat(nodes()).hasSize(1);
	}

	@Test
	void nodeOfAnAttemptThatFailsAfterItsCreateIsDeleted() throws Exception {
		String directory = directory();
		// Nodes may be created, written and deleted there, not listed: an attempt whose
		// node is not
		// alone fails at the listing right after its create. The holder's, alone, needs
		// no listing.
		ACL noListing = new ACL(ZooDefs.Perms.CREATE | ZooDefs.Perms.WRITE | ZooDefs.Perms.DELETE | ZooDefs.Perms.ADMIN,
				ZooDefs.Ids.ANYONE_ID_UNSAFE);
		this.processes.admin().create().creatingParentsIfNeeded().withACL(List.of(noListing)).forPath(directory);
		hold(this.holder, "holder");
		assertThatExceptionOfType(ZooKeeperLockException.class)
			.isThrownBy(() -> this.waiter.tryAcquire(this.key, "waiter", LEASE, WAIT));
		this.processes.admin().setACL().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(directory);
		assertThat(nodes()).as("no node is left to hold the lock for nobody").hasSize(1);
		assertThat(this.holder.find(this.key).orElseThrow().owner()).isEqualTo("holder");
	}

	@Test
	void freeLockIsTakenInOneRoundTripWhileItsDirectoryIsThere() throws Exception {
		this.processes.admin().create().creatingParentsIfNeeded().forPath(directory());
		List<String> calls = new CopyOnWriteArrayList<>();
		ZooKeeperLocker traced = this.processes.start(new CallNames(calls));
		assertThat(traced.tryAcquire(this.key, "owner", LEASE, Duration.ZERO)).returns(true, Acquisition::acquired);
		assertThat(calls).as("calls to take the free lock").hasSize(1);
		assertThat(traced.release(this.key, "owner")).isEqualTo(Release.RELEASED);
		assertThat(calls).as("calls to take and release it").hasSize(2);
	}

	@Test
	void lockWhoseDirectoryMayNotBeWrittenIsTakenThroughAListing() throws Exception {
		ACL noWriting = new ACL(ZooDefs.Perms.ALL & ~ZooDefs.Perms.WRITE, ZooDefs.Ids.ANYONE_ID_UNSAFE);
		this.processes.admin().create().creatingParentsIfNeeded().withACL(List.of(noWriting)).forPath(directory());
		hold(this.holder, "holder");
		assertThat(this.waiter.tryAcquire(this.key, "waiter", LEASE, Duration.ZERO).acquired()).isFalse();
		assertThat(this.holder.release(this.key, "holder")).isEqualTo(Release.RELEASED);
		assertThat(this.waiter.tryAcquire(this.key, "waiter", LEASE, Duration.ZERO)).returns(true,
				Acquisition::acquired);
	}

	@Test
	void twinOfANodeIsDeletedWhenTheNodeIsPlaced() throws Exception {
		hold(this.holder, "holder");
		assertThat(this.waiter.tryAcquire(this.key, "first attempt", LEASE, WAIT).acquired()).isFalse();
		String queued = nodes().get(1);
		// What a create re-sent after its answer was lost leaves: a node of the same name
		// that no attempt knows.
		String twin = LockPaths.name(this.processes.admin()
			.create()
			.withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
			.forPath(directory() + "/" + LockPaths.unsequenced(queued)));
		assertThat(nodes()).contains(twin);
		assertThat(this.waiter.tryAcquire(this.key, "second attempt", LEASE, WAIT).acquired()).isFalse();
		assertThat(nodes()).contains(queued).doesNotContain(twin);
	}

	@Test
	void releaseOfAnOwnerWhoseCreatesWentUnansweredDeletesEveryNodeTheyLeft() throws Exception {
		hold(this.holder, "holder");
		String held = nodes().get(0);
		// What a create and Curator's re-send of it leave when neither answer arrives:
		// two nodes of
		// this process, holding the attempt's owner, that no attempt knows.
		for (int i = 0; i < 2; i++) {
			this.processes.admin()
				.create()
				.withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
				.forPath(directory() + "/" + LockPaths.unsequenced(held),
						"lost answer".getBytes(StandardCharsets.UTF_8));
		}
		assertThat(nodes()).hasSize(3);
		assertThat(this.holder.release(this.key, "lost answer")).isEqualTo(Release.RELEASED);
		assertThat(nodes()).containsExactly(held);
	}

	private void hold(ZooKeeperLocker process, String owner) {
		assertThat(process.tryAcquire(this.key, owner, LEASE, Duration.ZERO)).returns(true, Acquisition::acquired);
	}

	private static BlockingQueue<String> listen(ZooKeeperLocker process) {
		BlockingQueue<String> told = new LinkedBlockingQueue<>();
		process.onRelease(told::add);
		return told;
	}

	/** The lock's nodes, in queue order. */
	private List<String> nodes() {
		return LockQueue.of(this.processes.children(directory())).children();
	}

	private String directory() {
		return new LockPaths(this.basePath, "lock").directory(this.key);
	}

	/**
	 * Names each call a client makes to ZooKeeper: one a round trip, when none is
	 * retried.
	 */
	private static final class CallNames extends AdvancedTracerDriver {

		private final List<String> names;

		CallNames(List<String> names) {
			this.names = names;
		}

		@Override
		public void addTrace(OperationTrace trace) {
			// Operations only: Curator traces connection changes too.
			if (trace.getName().endsWith("-Foreground")) {
				this.names.add(trace.getName());
			}
		}

		@Override
		public void addEvent(EventTrace trace) {
		}

	}

}
