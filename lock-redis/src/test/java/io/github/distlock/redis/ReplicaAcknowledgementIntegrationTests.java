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
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Release;
import io.github.distlock.store.Renewal;
import io.github.distlock.test.redis.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatRuntimeException;
import static org.awaitility.Awaitility.await;

/**
 * Replica acknowledgement on a master with one replica, which the tests pause
 * ({@code SIGSTOP}) so that it acknowledges nothing: a lock is granted, and a renewal
 * confirmed, only when {@code WAIT} on the connection that wrote it says the replica has
 * it.
 */
class ReplicaAcknowledgementIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(60);

	private static RedisServer master;

	private static RedisServer replica;

	private final String prefix = "ack-" + UUID.randomUUID();

	/** Threads of the test's own: a small common pool would starve them. */
	private final ExecutorService threads = Executors.newCachedThreadPool();

	private LettuceConnectionFactory connectionFactory;

	private RedisLocker locker;

	@BeforeAll
	static void startServers() {
		master = RedisServer.start();
		replica = RedisServer.startReplicaOf(master);
	}

	@AfterAll
	static void stopServers() {
		replica.close();
		master.close();
	}

	@BeforeEach
	void awaitReplicaInSync() {
		await().atMost(Duration.ofSeconds(20))
			.until(() -> master.withConnection((redis) -> redis.sync().info("replication")).contains("state=online"));
	}

	@AfterEach
	void tearDown() {
		this.threads.shutdownNow();
		this.locker.close();
		this.connectionFactory.destroy();
	}

	@Test
	void aWaitSentAgainAfterItsConnectionDroppedConfirmsNothing() {
		useLocker(Duration.ofSeconds(5), Duration.ofSeconds(10));
		// Loads the script, so that the acquire below sends one WAIT, not one after
		// NOSCRIPT too.
		assertThat(this.locker.tryAcquire("warm-up", "owner-0", LEASE, Duration.ZERO)).returns(true,
				Acquisition::acquired);
		replica.pause();
		try {
			CompletableFuture<Acquisition> acquisition = CompletableFuture
				.supplyAsync(() -> this.locker.tryAcquire("k", "owner-1", LEASE, Duration.ZERO), this.threads);
			// WAIT blocks while the replica is paused. Cut, Lettuce sends it again on a
			// new
			// connection, where whatever it answers says nothing of the old connection's
			// write.
			await().atMost(Duration.ofSeconds(5)).until(() -> master.killClientsBlockedIn("wait") > 0);
			assertThat(acquisition).failsWithin(Duration.ofSeconds(20))
				.withThrowableOfType(ExecutionException.class)
				.withCauseInstanceOf(ReplicaAcknowledgementException.class);
			// The lock the master took is released in the background.
			await().atMost(Duration.ofSeconds(5)).until(() -> this.locker.find("k").isEmpty());
		}
		finally {
			replica.resume();
		}
	}

	@Test
	void aRenewalTheReplicaDidNotAcknowledgeIsNotConfirmed() {
		// Long enough for a loaded machine's replica to confirm the acquire before the
		// pause.
		useLocker(Duration.ofSeconds(5), Duration.ofSeconds(2));
		List<LeaseRequest> lease = List.of(new LeaseRequest("k", "owner-1", LEASE));
		assertThat(this.locker.tryAcquire("k", "owner-1", LEASE, Duration.ZERO)).returns(true, Acquisition::acquired);
		replica.pause();
		try {
			// The master set the lease; a failover now could lose it, so the holder may
			// not count on it.
			assertThat(this.locker.renew(lease)).containsExactly(Renewal.UNANSWERED);
		}
		finally {
			replica.resume();
		}
		assertThat(this.locker.renew(lease)).containsExactly(Renewal.RENEWED);
	}

	@Test
	void aReleaseAfterAnAcquireThatTimedOutTakesEffectAfterThatAcquire() {
		useLocker(Duration.ofMillis(300), Duration.ofSeconds(30));
		replica.pause();
		try {
			// Its WAIT holds the acknowledging connection until the replica is back...
			assertThatRuntimeException()
				.isThrownBy(() -> this.locker.tryAcquire("blocker", "owner-0", LEASE, Duration.ZERO));
			// ...so this acquire waits behind it at the master, and the caller gives up
			// before it runs.
			assertThatRuntimeException().isThrownBy(() -> this.locker.tryAcquire("k", "owner-1", LEASE, Duration.ZERO));
			// The core's clean-up releases on the shared connection, and finds nothing
			// yet.
			assertThat(this.locker.release("k", "owner-1")).isEqualTo(Release.GONE);
		}
		finally {
			replica.resume();
		}
		// Once a later acquisition on the acknowledging connection is answered, all sent
		// before it ran.
		await().atMost(Duration.ofSeconds(10))
			.ignoreExceptions()
			.until(() -> this.locker.tryAcquire("probe", "probe-owner", LEASE, Duration.ZERO) == Acquisition.ACQUIRED);
		assertThat(this.locker.find("k")).isEmpty();
	}

	private void useLocker(Duration commandTimeout, Duration acknowledgementTimeout) {
		this.connectionFactory = RedisConnections.standalone(master.port(), commandTimeout);
		this.locker = new RedisLocker(this.connectionFactory, this.prefix,
				new ReplicaAcknowledgement(1, acknowledgementTimeout));
	}

}
