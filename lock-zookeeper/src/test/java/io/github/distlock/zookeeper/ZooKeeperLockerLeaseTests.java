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
import java.util.List;
import java.util.UUID;

import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Release;
import io.github.distlock.store.Renewal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Leases on ZooKeeper (ZOOKEEPER.md, point c): a claim whose lease runs out unrenewed and
 * unreleased has its node deleted by its own process, so the lock is free for other
 * processes then, not only when the holder's session ends; a renewal moves that end, a
 * release cancels it.
 */
class ZooKeeperLockerLeaseTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(20);

	private final String basePath = "/distlock-" + UUID.randomUUID();

	private final String key = "lease:" + UUID.randomUUID();

	private final LockerProcesses processes = new LockerProcesses(this.basePath);

	private final ZooKeeperLocker holder = this.processes.start();

	private final ZooKeeperLocker other = this.processes.start();

	@AfterEach
	void closeProcesses() {
		this.processes.close();
	}

	@Test
	void lapsedLeaseFreesTheLockForAnotherProcess() {
		assertThat(this.holder.tryAcquire(this.key, "holder", Duration.ofSeconds(1), Duration.ZERO)).returns(true,
				Acquisition::acquired);
		await().atMost(TIMEOUT)
			.until(() -> this.other.tryAcquire(this.key, "other", Duration.ofMinutes(1), Duration.ZERO).acquired());
		assertThat(this.holder.renew(List.of(new LeaseRequest(this.key, "holder", Duration.ofMinutes(1)))))
			.containsExactly(Renewal.LOST);
		assertThat(this.holder.fence(this.key, "holder")).isZero();
		assertThat(this.holder.release(this.key, "holder")).isEqualTo(Release.TAKEN);
		assertThat(this.other.find(this.key).orElseThrow().owner()).isEqualTo("other");
	}

	@Test
	void renewalMovesTheLeasesEnd() {
		assertThat(this.holder.tryAcquire(this.key, "holder", Duration.ofMinutes(1), Duration.ZERO)).returns(true,
				Acquisition::acquired);
		assertThat(this.holder.renew(List.of(new LeaseRequest(this.key, "holder", Duration.ofMillis(300)))))
			.containsExactly(Renewal.RENEWED);
		await().atMost(TIMEOUT)
			.until(() -> this.other.tryAcquire(this.key, "other", Duration.ofMinutes(1), Duration.ZERO).acquired());
	}

	@Test
	void renewedLeaseKeepsTheLockPastItsFirstEnd() {
		assertThat(this.holder.tryAcquire(this.key, "holder", Duration.ofSeconds(5), Duration.ZERO)).returns(true,
				Acquisition::acquired);
		assertThat(this.holder.renew(List.of(new LeaseRequest(this.key, "holder", Duration.ofMinutes(1)))))
			.containsExactly(Renewal.RENEWED);
		await().during(Duration.ofSeconds(7))
			.atMost(TIMEOUT)
			.until(() -> !this.other.tryAcquire(this.key, "other", Duration.ofMinutes(1), Duration.ZERO).acquired());
		assertThat(this.holder.release(this.key, "holder")).isEqualTo(Release.RELEASED);
	}

	@Test
	void claimsKeepOneLeaseEndEachAndReleasesNone() {
		for (int i = 0; i < 100; i++) {
			assertThat(this.holder.tryAcquire(this.key, "cycle-" + i, Duration.ofMinutes(1), Duration.ZERO))
				.returns(true, Acquisition::acquired);
			assertThat(this.holder.release(this.key, "cycle-" + i)).isEqualTo(Release.RELEASED);
		}
		assertThat(ProcessInternals.pendingBackgroundTasks(this.holder)).as("tasks after 100 releases").isZero();
		assertThat(this.holder.tryAcquire(this.key, "holder", Duration.ofMinutes(1), Duration.ZERO)).returns(true,
				Acquisition::acquired);
		for (int i = 0; i < 100; i++) {
			assertThat(this.holder.renew(List.of(new LeaseRequest(this.key, "holder", Duration.ofMinutes(1)))))
				.containsExactly(Renewal.RENEWED);
		}
		assertThat(ProcessInternals.pendingBackgroundTasks(this.holder)).as("tasks after 100 renewals").isEqualTo(1);
	}

	/**
	 * What ShedLock users count on from {@code lockAtMostFor}: a fixed lease frees the
	 * lock though its handle stays open.
	 */
	@Test
	void fixedLeaseOfAnOpenHandleFreesTheLockForAnotherApplication() {
		try (CuratorFramework holderClient = ZooKeeperServers.client();
				CuratorFramework otherClient = ZooKeeperServers.client()) {
			LockingContexts.on(holderClient, this.basePath)
				.run((holding) -> LockingContexts.on(otherClient, this.basePath).run((waiting) -> {
					LockHandle held = holding.getBean(LockTemplate.class)
						.tryAcquire(this.key, Duration.ofSeconds(1), Duration.ZERO)
						.orElseThrow();
					try (LockHandle taken = waiting.getBean(LockTemplate.class)
						.tryAcquire(this.key, Duration.ofMinutes(1), TIMEOUT)
						.orElseThrow()) {
						assertThat(held.isHeld()).isFalse();
						assertThat(taken.fencingToken()).isPositive();
					}
					held.close();
				}));
		}
	}

}
