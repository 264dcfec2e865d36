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
import java.util.concurrent.CopyOnWriteArrayList;

import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.core.LockListener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Liveness by session (ZOOKEEPER.md, point c): when a holder's session ends, ZooKeeper
 * frees its lock for another process, and the old holder is told its lock is lost.
 */
class ZooKeeperSessionIntegrationTests {

	private static final String KEY = "job:" + UUID.randomUUID();

	private final String basePath = "/distlock-" + UUID.randomUUID();

	private final CuratorFramework holderClient = ZooKeeperServers.client();

	private final CuratorFramework otherClient = ZooKeeperServers.client();

	@AfterEach
	void closeClients() {
		this.holderClient.close();
		this.otherClient.close();
	}

	@Test
	void expiredSessionFreesLockForAnotherProcessAndItsHolderIsTold() {
		LockingContexts.on(this.holderClient, this.basePath)
			.run((holder) -> LockingContexts.on(this.otherClient, this.basePath).run((other) -> {
				LockHandle held = holder.getBean(LockTemplate.class).tryAcquire(KEY, null, Duration.ZERO).orElseThrow();
				long heldToken = held.fencingToken();
				LockTemplate otherTemplate = other.getBean(LockTemplate.class);
				assertThat(otherTemplate.tryAcquire(KEY, null, Duration.ZERO)).isEmpty();
				ZooKeeperServers.expireSession(this.holderClient);
				try (LockHandle taken = otherTemplate.tryAcquire(KEY, null, Duration.ofSeconds(30)).orElseThrow()) {
					assertThat(taken.fencingToken()).isGreaterThan(heldToken);
					await().atMost(Duration.ofSeconds(20)).until(() -> !held.isHeld());
					held.close();
					assertThat(taken.isHeld()).as("the old holder's release leaves the new holder's lock alone")
						.isTrue();
				}
			}));
	}

	@Test
	void holderOfAFixedLeaseIsToldWhenItsSessionEndsNotWhenItsLeaseRunsOut() {
		List<String> lost = new CopyOnWriteArrayList<>();
		LockListener listener = new LockListener() {

			@Override
			public void leaseLost(String key) {
				lost.add(key);
			}

		};
		LockingContexts.on(this.holderClient, this.basePath)
			.withBean(LockListener.class, () -> listener)
			.run((holder) -> {
				LockHandle held = holder.getBean(LockTemplate.class)
					.tryAcquire(KEY, Duration.ofMinutes(10), Duration.ZERO)
					.orElseThrow();
				ZooKeeperServers.expireSession(this.holderClient);
				// isHeld() turns false as the claim is marked lost; the listener is told
				// right after.
				await().atMost(Duration.ofSeconds(20)).until(() -> !held.isHeld() && !lost.isEmpty());
				assertThat(lost).containsExactly(KEY);
				held.close();
			});
	}

	@Test
	void closedClientFreesItsLocksAtOnce() {
		LockingContexts.on(this.otherClient, this.basePath).run((other) -> {
			ZooKeeperLocker holder = new ZooKeeperLocker(this.holderClient, this.basePath, "lock");
			assertThat(holder.tryAcquire(KEY, "holder", Duration.ofSeconds(30), Duration.ZERO).acquired()).isTrue();
			LockTemplate otherTemplate = other.getBean(LockTemplate.class);
			assertThat(otherTemplate.tryAcquire(KEY, null, Duration.ZERO)).isEmpty();
			holder.close();
			this.holderClient.close();
			try (LockHandle taken = otherTemplate.tryAcquire(KEY, null, Duration.ofSeconds(30)).orElseThrow()) {
				assertThat(taken.isHeld()).isTrue();
			}
		});
	}

}
