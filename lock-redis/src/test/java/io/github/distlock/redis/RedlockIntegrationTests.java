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
import java.time.temporal.ChronoUnit;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.distlock.LockHandle;
import io.github.distlock.LockStoreException;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.LockActivity;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.test.redis.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Locking through the template on five independent masters with Redlock: what a quorum
 * gives when nodes stop, come back empty, or hold different fencing memories.
 */
class RedlockIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration WAIT = Duration.ofSeconds(10);

	@RegisterExtension
	static final RedlockNodes nodes = new RedlockNodes(5);

	private final DefaultLockTemplate first = template();

	private final DefaultLockTemplate second = template();

	@AfterEach
	void restartStoppedNodes() {
		this.first.close();
		this.second.close();
		for (int i = 0; i < 5; i++) {
			if (!nodes.server(i).isRunning()) {
				nodes.server(i).restart();
			}
		}
	}

	@Test
	void aWaiterIsWokenByTheReleaseLongBeforeTheHoldersLeaseWouldEnd() throws Exception {
		CompletableFuture<Optional<LockHandle>> waiter;
		try (LockHandle held = this.first.tryAcquire("goods:1", LEASE, Duration.ZERO).orElseThrow()) {
			waiter = CompletableFuture.supplyAsync(() -> this.second.tryAcquire("goods:1", LEASE, WAIT));
			await().atMost(WAIT)
				.until(() -> this.second.activity().waiting().stream().anyMatch(LockActivity.Waiting::atStore));
		}
		// The wait (10 s) is shorter than the holder's lease (30 s): only a release
		// notice gets it the lock.
		try (LockHandle taken = waiter.get(10, TimeUnit.SECONDS).orElseThrow()) {
			assertThat(taken.isHeld()).isTrue();
		}
	}

	@Test
	void theHolderReentersAndLocalWaitersAreHandedTheLockWithoutAnotherQuorum() throws Exception {
		CompletableFuture<Optional<LockHandle>> localWaiter;
		String ownerBefore;
		try (LockHandle outer = this.first.tryAcquire("goods:0", LEASE, Duration.ZERO).orElseThrow()) {
			try (LockHandle nested = this.first.tryAcquire("goods:0", LEASE, Duration.ZERO).orElseThrow()) {
				assertThat(nested.fencingToken()).isEqualTo(outer.fencingToken());
			}
			localWaiter = CompletableFuture.supplyAsync(() -> this.first.tryAcquire("goods:0", LEASE, WAIT));
			await().atMost(WAIT).until(() -> this.first.activity().waiting().size() == 1);
			assertThat(this.second.tryAcquire("goods:0", LEASE, Duration.ZERO)).isEmpty();
			ownerBefore = ownerOnFirstNode("goods:0");
		}
		try (LockHandle handedOver = localWaiter.get(10, TimeUnit.SECONDS).orElseThrow()) {
			// Handed over in this process: the same claim, the same owner token on the
			// nodes.
			assertThat(ownerOnFirstNode("goods:0")).isEqualTo(ownerBefore);
			assertThat(handedOver.isHeld()).isTrue();
		}
	}

	@Test
	void withTwoOfFiveNodesDownLocksStillExclude() {
		nodes.server(0).stop();
		nodes.server(1).stop();
		try (LockHandle held = this.first.tryAcquire("goods:2", LEASE, Duration.ZERO).orElseThrow()) {
			assertThat(this.second.tryAcquire("goods:2", LEASE, Duration.ZERO)).isEmpty();
			assertThat(held.fencingToken()).isPositive();
		}
		try (LockHandle next = this.second.tryAcquire("goods:2", LEASE, Duration.ZERO).orElseThrow()) {
			assertThat(next.isHeld()).isTrue();
		}
	}

	@Test
	void nodesThatStallCountAsFailedAndLockingGoesOn() {
		nodes.server(0).pause();
		nodes.server(1).pause();
		try {
			try (LockHandle held = this.first.tryAcquire("goods:7", LEASE, Duration.ZERO).orElseThrow()) {
				assertThat(this.second.tryAcquire("goods:7", LEASE, Duration.ZERO)).isEmpty();
			}
			try (LockHandle next = this.second.tryAcquire("goods:7", LEASE, Duration.ZERO).orElseThrow()) {
				assertThat(next.isHeld()).isTrue();
			}
		}
		finally {
			nodes.server(0).resume();
			nodes.server(1).resume();
		}
	}

	@Test
	void withThreeOfFiveNodesDownAcquisitionFailsNamingTheNodesAndNothingRuns() {
		nodes.server(0).stop();
		nodes.server(1).stop();
		nodes.server(2).stop();
		AtomicBoolean ran = new AtomicBoolean();
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> this.first.execute("goods:3", LEASE, WAIT, () -> ran.getAndSet(true)))
			.withMessageContaining("only 2 of 5 Redlock nodes answered, and a quorum is 3")
			.withMessageContaining(nodes.server(0).uri());
		assertThat(ran).isFalse();
	}

	@Test
	void nodesRestartedEmptyWhileALockIsHeldGiveNobodyElseTheLock() {
		try (LockHandle held = this.first.tryAcquire("goods:4", LEASE, Duration.ZERO).orElseThrow()) {
			nodes.server(0).kill();
			nodes.server(0).restart();
			nodes.server(1).kill();
			nodes.server(1).restart();
			assertThat(this.second.tryAcquire("goods:4", LEASE, Duration.ZERO)).isEmpty();
			assertThat(held.isHeld()).isTrue();
		}
	}

	@Test
	void aWatchdogLockOutlivesItsLeaseOnAQuorum() {
		try (DefaultLockTemplate watched = new DefaultLockTemplate(nodes.process(RedisLocker.GIVE_WAY),
				WatchdogSettings.watchdogLease(Duration.ofMillis(600)))) {
			try (LockHandle held = watched.tryAcquire("goods:5", null, Duration.ZERO).orElseThrow()) {
				Instant threeLeasesLater = Instant.now().plusMillis(1800);
				await().atMost(WAIT).until(() -> Instant.now().isAfter(threeLeasesLater));
				assertThat(held.isHeld()).isTrue();
				assertThat(this.second.tryAcquire("goods:5", LEASE, Duration.ZERO)).isEmpty();
			}
		}
	}

	@Test
	void fencingTokensKeepIncreasingWhenTheQuorumChanges() {
		long first;
		try (LockHandle held = this.first.tryAcquire("goods:6", LEASE, Duration.ZERO).orElseThrow()) {
			// Node 0 remembers a token a minute ahead of every clock, as a node whose
			// clock ran ahead would mint.
			long ahead = Instant.now().plus(1, ChronoUnit.MINUTES).toEpochMilli() * 1000;
			remember(nodes.server(0), "{" + nodes.prefix() + ":goods:6}:fencing", ahead);
			first = held.fencingToken();
			assertThat(first).isGreaterThan(ahead);
		}
		nodes.server(0).stop();
		try (LockHandle next = this.second.tryAcquire("goods:6", LEASE, Duration.ZERO).orElseThrow()) {
			assertThat(next.fencingToken()).as("token minted by a quorum without node 0").isGreaterThan(first);
		}
	}

	private static void remember(RedisServer server, String key, long token) {
		server.withConnection((connection) -> connection.sync().psetex(key, 1000, Long.toString(token)));
	}

	private static String ownerOnFirstNode(String key) {
		String lockKey = "{" + nodes.prefix() + ":" + key + "}";
		return nodes.server(0).withConnection((redis) -> redis.sync().get(lockKey));
	}

	private static DefaultLockTemplate template() {
		return new DefaultLockTemplate(nodes.process(RedisLocker.GIVE_WAY), WatchdogSettings.watchdogLease(LEASE),
				List.of(), "redlock-test");
	}

}
