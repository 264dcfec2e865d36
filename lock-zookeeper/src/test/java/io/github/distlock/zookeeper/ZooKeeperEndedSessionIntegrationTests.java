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
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;

import io.github.distlock.store.Acquisition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A waiter's node queued in a session its client has left is never claimed, even before
 * the client's LOST event arrives (ZOOKEEPER.md, points c and f): the server may keep
 * that session a while, and its node, though lowest, goes when the server ends it, while
 * the waiter would hold.
 */
class ZooKeeperEndedSessionIntegrationTests {

	private static final Duration LEASE = Duration.ofMinutes(10);

	private static final Duration WAIT = Duration.ofMinutes(1);

	private final String basePath = "/distlock-" + UUID.randomUUID();

	private final String key = "job:" + UUID.randomUUID();

	@Test
	void waiterDoesNotClaimItsNodeOfAnEndedSessionBeforeTheLostEventArrives() throws Exception {
		CountDownLatch eventsFlow = new CountDownLatch(1);
		AtomicBoolean holdEvents = new AtomicBoolean();
		try (LockerProcesses processes = new LockerProcesses(this.basePath)) {
			ZooKeeperLocker holder = processes.start();
			// Heard before the locker: while it waits, no connection change (LOST)
			// reaches the waiter's locker.
			ZooKeeperLocker waiter = processes.startListenedFirst((client, state) -> {
				if (holdEvents.get()) {
					awaitQuietly(eventsFlow);
				}
			});
			try {
				attemptAfterNewSession(processes, holder, waiter, holdEvents);
			}
			finally {
				eventsFlow.countDown();
			}
		}
	}

	private void attemptAfterNewSession(LockerProcesses processes, ZooKeeperLocker holder, ZooKeeperLocker waiter,
			AtomicBoolean holdEvents) throws Exception {
		CuratorFramework waiterClient = processes.client(waiter);
		String directory = new LockPaths(this.basePath, "lock").directory(this.key);
		assertThat(holder.tryAcquire(this.key, "holder", LEASE, Duration.ZERO).acquired()).isTrue();
		assertThat(waiter.tryAcquire(this.key, "waiter", LEASE, WAIT).acquired()).isFalse();
		String oldNode = directory + "/" + LockQueue.of(processes.children(directory)).children().get(1);
		long oldSession = sessionOf(waiterClient);
		assertThat(ephemeralOwner(processes, oldNode)).isEqualTo(oldSession);

		holdEvents.set(true);
		// Ends the session on the client's side only: the server keeps it, and its node,
		// until its timeout.
		waiterClient.getZookeeperClient().getZooKeeper().getTestable().injectSessionExpiration();
		await().atMost(Duration.ofSeconds(30))
			.until(() -> sessionOf(waiterClient) != oldSession && sessionOf(waiterClient) != 0);
		holder.release(this.key, "holder");
		// The server still keeps the old session (its timeout is far off), so its node is
		// there unless
		// the proof's thread, having seen the new session, has already deleted it.
		assertThat(ephemeralOwner(processes, oldNode)).as("session of the old node, or none once deleted")
			.isIn(oldSession, 0L);

		// Waits for the new session's proof, whose thread saw the new session first.
		Acquisition answer = waiter.tryAcquire(this.key, "waiter", LEASE, WAIT);
		String lowest = directory + "/" + LockQueue.of(processes.children(directory)).holder();
		long lowestSession = ephemeralOwner(processes, lowest);
		long session = sessionOf(waiterClient);
		System.out.println("Waiter's attempt in a new session, its LOST held up: " + answer + "; lowest node "
				+ (lowest.equals(oldNode) ? "the old session's" : "another") + ", of session 0x"
				+ Long.toHexString(lowestSession) + "; old session 0x" + Long.toHexString(oldSession) + ", current 0x"
				+ Long.toHexString(session));
		if (answer.acquired()) {
			assertThat(lowestSession).as("session of the node the waiter holds").isEqualTo(session);
		}
	}

	private static long sessionOf(CuratorFramework client) {
		try {
			return client.getZookeeperClient().getZooKeeper().getSessionId();
		}
		catch (Exception ex) {
			return 0;
		}
	}

	/** The session of an ephemeral node, zero when the node is not there. */
	private static long ephemeralOwner(LockerProcesses processes, String node) throws Exception {
		Stat stat = processes.admin().checkExists().forPath(node);
		return (stat != null) ? stat.getEphemeralOwner() : 0;
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(2, TimeUnit.MINUTES);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
