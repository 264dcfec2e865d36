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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.test.redis.RedisCluster;
import io.github.distlock.test.redis.RedisServer;
import io.github.distlock.test.redis.RedisTopologyExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Watchdog renewals in a Redis Cluster while one master stalls ({@code SIGSTOP}): a batch
 * of renewals goes to every master, and the locks on the masters that answer keep their
 * leases though the stalled one answers nothing until after the leases of its own locks
 * have run out (review finding 5). The cluster fails the stalled master over meanwhile,
 * so the class has one test.
 */
class ClusterRenewalIntegrationTests {

	/**
	 * Shorter than the client's command timeout (5 s), as a 30 s lease is than Lettuce's
	 * default 60 s.
	 */
	private static final Duration LEASE = Duration.ofSeconds(3);

	@RegisterExtension
	static final RedisTopologyExtension<RedisCluster> redis = RedisTopologyExtension.cluster();

	private final String prefix = "renewals-" + UUID.randomUUID();

	private final RedisLockKeys keys = new RedisLockKeys(this.prefix);

	private final LettuceConnectionFactory connection = RedisConnections.cluster(redis.get().addresses());

	private final RedisLocker locker = new RedisLocker(this.connection, this.prefix);

	private final DefaultLockTemplate process = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(LEASE));

	@AfterEach
	void close() {
		this.process.close();
		this.locker.close();
		this.connection.destroy();
	}

	@Test
	void locksOnHealthyMastersKeepTheirLeasesWhileAnotherMasterStalls() {
		Map<LockHandle, RedisServer> handles = new LinkedHashMap<>();
		for (int i = 0; i < 12; i++) {
			String lock = "job:" + i;
			handles.put(this.process.tryAcquire(lock, null, Duration.ZERO).orElseThrow(), master(lock));
		}
		RedisServer stalled = master("job:0");
		Map<LockHandle, RedisServer> onStalled = new LinkedHashMap<>(handles);
		onStalled.values().removeIf((master) -> master != stalled);
		Map<LockHandle, RedisServer> onHealthy = new LinkedHashMap<>(handles);
		onHealthy.values().removeIf((master) -> master == stalled);
		assertThat(onHealthy).isNotEmpty();
		// A batch over several masters goes out on a reactive connection opened on first
		// use; opened
		// while a master is stalled, it may fail every call (CI saw it). Opened first, as
		// a running
		// application's is after its first renewals.
		this.locker
			.renew(List.of(new LeaseRequest("job:0", "nobody", LEASE), new LeaseRequest("job:1", "nobody", LEASE)));
		stalled.pause();
		try {
			// Renewals stopped reaching the stalled master at least a lease ago.
			await().atMost(Duration.ofSeconds(10))
				.until(() -> onStalled.keySet().stream().noneMatch(LockHandle::isHeld));
			assertThat(onHealthy.keySet()).as("locks on the healthy masters").allMatch(LockHandle::isHeld);
		}
		finally {
			stalled.resume();
		}
	}

	private RedisServer master(String lock) {
		return redis.get().masterOf(this.keys.lock(lock));
	}

}
