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
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.github.distlock.store.Acquisition;
import io.github.distlock.test.redis.RedisServer;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Replica acknowledgement when the application reaches Redis through one address that
 * moves to the new master on a failover (a cloud "primary endpoint", a DNS name): the
 * master that ran the acquire dies before its replica has the lock, and the connection
 * comes back to a master that never had it.
 */
class ReplicaAcknowledgementFailoverIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(60);

	@Test
	void aWaitSentAgainToTheNewMasterConfirmsNothing() {
		RedisServer oldMaster = RedisServer.start();
		RedisServer oldReplica = RedisServer.startReplicaOf(oldMaster);
		RedisServer newMaster = RedisServer.start();
		RedisServer newReplica = RedisServer.startReplicaOf(newMaster);
		MovableEndpoint endpoint = MovableEndpoint.to(oldMaster.port());
		LettuceConnectionFactory connectionFactory = RedisConnections.standalone(endpoint.port(),
				Duration.ofSeconds(10));
		String prefix = "failover-" + UUID.randomUUID();
		RedisLocker locker = new RedisLocker(connectionFactory, prefix,
				new ReplicaAcknowledgement(1, Duration.ofSeconds(5)));
		ExecutorService threads = Executors.newCachedThreadPool();
		try {
			awaitInSync(oldMaster);
			awaitInSync(newMaster);
			oldReplica.pause();
			CompletableFuture<Acquisition> acquisition = CompletableFuture
				.supplyAsync(() -> locker.tryAcquire("k", "owner-1", LEASE, Duration.ZERO), threads);
			await().atMost(Duration.ofSeconds(5))
				.until(() -> oldMaster.withConnection((redis) -> redis.sync().clientList()).contains(" flags=b "));
			// The old master dies with the lock unreplicated; the address now leads to
			// the new master.
			oldMaster.kill();
			endpoint.moveTo(newMaster.port());
			assertThat(acquisition).failsWithin(Duration.ofSeconds(30))
				.withThrowableOfType(ExecutionException.class)
				.withCauseInstanceOf(ReplicaAcknowledgementException.class);
		}
		finally {
			threads.shutdownNow();
			oldReplica.resume();
			locker.close();
			connectionFactory.destroy();
			endpoint.close();
			List.of(oldMaster, oldReplica, newMaster, newReplica).forEach(RedisServer::close);
		}
	}

	private static void awaitInSync(RedisServer master) {
		await().atMost(Duration.ofSeconds(20))
			.until(() -> master.withConnection((redis) -> redis.sync().info("replication")).contains("state=online"));
	}

}
