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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;

import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * Runs a lock script followed by {@code WAIT} on a connection of its own to the master of
 * the lock's slot, opened through the application's Lettuce client (so with its settings,
 * and through the Sentinels or the cluster's topology), never on the shared connection,
 * which {@code WAIT} would block. A {@code WAIT} counts only for the script when both ran
 * on one server connection: should the connection drop in between, Lettuce sends the
 * unanswered commands again on a new one, where {@code WAIT} knows nothing of the
 * script's write, so the write is taken as unconfirmed. See the package documentation.
 */
final class AcknowledgedWrites implements AutoCloseable {

	private final AbstractRedisClient client;

	private final ReplicaAcknowledgement acknowledgement;

	private final ConnectionDrops drops = new ConnectionDrops();

	private final ReentrantLock connecting = new ReentrantLock();

	private volatile @Nullable StatefulConnection<String, String> connection;

	private AcknowledgedWrites(AbstractRedisClient client, ReplicaAcknowledgement acknowledgement) {
		this.client = client;
		this.acknowledgement = acknowledgement;
		client.addListener(this.drops);
	}

	static AcknowledgedWrites over(RedisConnectionFactory connectionFactory, ReplicaAcknowledgement acknowledgement) {
		if (!(connectionFactory instanceof LettuceConnectionFactory lettuce)) {
			throw new IllegalStateException("Replica acknowledgement (distlock.replica-ack.replicas) needs the Lettuce "
					+ "client, but the connection factory is a " + connectionFactory.getClass().getName());
		}
		return new AcknowledgedWrites(lettuce.getRequiredNativeClient(), acknowledgement);
	}

	/** How many replicas must confirm a write, and how long they have to. */
	ReplicaAcknowledgement acknowledgement() {
		return this.acknowledgement;
	}

	/**
	 * Runs a script and then {@code WAIT} on the master of the slot of its first key,
	 * sent together.
	 * @param script the script
	 * @param keys the script's keys, all in one slot
	 * @param args the script's arguments
	 * @param <T> the script's answer
	 * @return the script's answer and how many replicas confirmed its writes
	 * @throws ReplicaAcknowledgementException when the connection dropped before
	 * {@code WAIT} answered
	 */
	<T> Answer<T> write(RedisScript<T> script, List<String> keys, String... args) {
		StatefulRedisConnection<String, String> master = masterOf(keys.get(0));
		try {
			return write(master, script, true, keys, args);
		}
		catch (RedisNoScriptException ex) {
			// The script was not loaded on this master yet (a new one after a failover,
			// or SCRIPT FLUSH).
			return write(master, script, false, keys, args);
		}
	}

	/**
	 * Sends a script after everything sent so far on the connection to the master of the
	 * slot of its first key, so that it runs after those commands, without waiting for
	 * its answer. With its source rather than its SHA, which a master that lost its
	 * script cache would refuse.
	 * @param script the script
	 * @param keys the script's keys, all in one slot
	 * @param args the script's arguments
	 */
	void sendAfter(RedisScript<?> script, List<String> keys, String... args) {
		masterOf(keys.get(0)).async()
			.eval(script.getScriptAsString(), outputType(script), keys.toArray(String[]::new), args);
	}

	private <T> Answer<T> write(StatefulRedisConnection<String, String> master, RedisScript<T> script, boolean bySha,
			List<String> keys, String... args) {
		CompletableFuture<Void> dropped = this.drops.next(master);
		long sentAt = System.nanoTime();
		RedisAsyncCommands<String, String> commands = master.async();
		String[] keyArray = keys.toArray(String[]::new);
		RedisFuture<T> answer = bySha ? commands.evalsha(script.getSha1(), outputType(script), keyArray, args)
				: commands.eval(script.getScriptAsString(), outputType(script), keyArray, args);
		RedisFuture<Long> replicas = commands.waitForReplication(this.acknowledgement.replicas(),
				this.acknowledgement.timeout().toMillis());
		awaitEither(answer, replicas, dropped, master.getTimeout().plus(this.acknowledgement.timeout()));
		if (dropped.isDone()) {
			// Lettuce may still hold either command to send again: no need, the write
			// counts as unconfirmed.
			answer.cancel(false);
			replicas.cancel(false);
			throw new ReplicaAcknowledgementException("The connection to the master of '" + keys.get(0)
					+ "' dropped before "
					+ "its replicas confirmed the write; a WAIT sent again on a new connection would confirm nothing of it");
		}
		return new Answer<>(result(answer), result(replicas), this.acknowledgement.replicas(), sentAt);
	}

	/**
	 * Waits until {@code WAIT} answered or the connection dropped, at most
	 * {@code timeout}.
	 */
	private static void awaitEither(RedisFuture<?> script, RedisFuture<Long> replicas, CompletableFuture<Void> dropped,
			Duration timeout) {
		try {
			CompletableFuture.anyOf(replicas.toCompletableFuture(), dropped)
				.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (ExecutionException ex) {
			// WAIT failed; the script's own failure, if any, tells more.
			if (script.isDone()) {
				result(script);
			}
			throw unwrapped(ex);
		}
		catch (TimeoutException ex) {
			script.cancel(false);
			replicas.cancel(false);
			throw new RedisCommandTimeoutException("Command timed out after " + timeout);
		}
		catch (InterruptedException ex) {
			throw interrupted(ex);
		}
	}

	/** The answer of a command that has completed. */
	private static <T> T result(RedisFuture<T> done) {
		try {
			return done.get();
		}
		catch (ExecutionException ex) {
			throw unwrapped(ex);
		}
		catch (InterruptedException ex) {
			throw interrupted(ex);
		}
	}

	private static RedisException interrupted(InterruptedException ex) {
		Thread.currentThread().interrupt();
		return new RedisException("Interrupted while waiting for replicas to confirm a lock", ex);
	}

	private static RuntimeException unwrapped(ExecutionException ex) {
		return (ex.getCause() instanceof RuntimeException cause) ? cause : new RedisException(ex.getCause());
	}

	private static ScriptOutputType outputType(RedisScript<?> script) {
		return (script.getResultType() == Long.class) ? ScriptOutputType.INTEGER : ScriptOutputType.MULTI;
	}

	private StatefulRedisConnection<String, String> masterOf(String lockKey) {
		StatefulConnection<String, String> connected = connection();
		if (connected instanceof StatefulRedisClusterConnection<String, String> cluster) {
			RedisClusterNode master = cluster.getPartitions().getMasterBySlot(SlotHash.getSlot(lockKey));
			if (master == null) {
				throw new RedisException("No master serves the slot of lock key '" + lockKey + "'");
			}
			return cluster.getConnection(master.getNodeId());
		}
		return (StatefulRedisConnection<String, String>) connected;
	}

	private StatefulConnection<String, String> connection() {
		StatefulConnection<String, String> connected = this.connection;
		if (connected != null) {
			return connected;
		}
		this.connecting.lock();
		try {
			if (this.connection == null) {
				this.connection = (this.client instanceof RedisClusterClient cluster) ? cluster.connect()
						: ((RedisClient) this.client).connect();
			}
			return this.connection;
		}
		finally {
			this.connecting.unlock();
		}
	}

	/** Opens the connection now rather than at the first write. */
	void connect() {
		connection();
	}

	@Override
	public void close() {
		this.client.removeListener(this.drops);
		StatefulConnection<String, String> connected = this.connection;
		if (connected != null) {
			connected.close();
		}
	}

	/**
	 * What the master answered, on one connection.
	 *
	 * @param answer the script's answer
	 * @param replicas how many replicas confirmed the script's writes in time
	 * @param required how many replicas must confirm
	 * @param sentAt the {@link System#nanoTime()} just before the script was sent, once
	 * connected (and, after a {@code NOSCRIPT} answer, before it was sent again)
	 * @param <T> the script's answer
	 */
	record Answer<T>(T answer, long replicas, int required, long sentAt) {

		/** Whether enough replicas confirmed the script's writes. */
		boolean confirmed() {
			return this.replicas >= this.required;
		}

	}

}
