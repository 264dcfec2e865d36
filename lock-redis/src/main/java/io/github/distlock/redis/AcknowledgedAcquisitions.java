package io.github.distlock.redis;

import java.time.Duration;
import java.util.List;
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

/**
 * Runs the acquire script followed by {@code WAIT} on a connection of its own to the master of
 * the lock's slot, opened through the application's Lettuce client (so with its settings, and
 * through the Sentinels or the cluster's topology), never on the shared connection, which
 * {@code WAIT} would block, and tells when the script that ran was sent (after connecting, and
 * after a {@code NOSCRIPT} answer). See the package documentation.
 */
final class AcknowledgedAcquisitions implements AutoCloseable {

	private final AbstractRedisClient client;

	private final ReplicaAcknowledgement acknowledgement;

	private final ReentrantLock connecting = new ReentrantLock();

	private volatile @Nullable StatefulConnection<String, String> connection;

	private AcknowledgedAcquisitions(AbstractRedisClient client, ReplicaAcknowledgement acknowledgement) {
		this.client = client;
		this.acknowledgement = acknowledgement;
	}

	static AcknowledgedAcquisitions over(RedisConnectionFactory connectionFactory, ReplicaAcknowledgement acknowledgement) {
		if (!(connectionFactory instanceof LettuceConnectionFactory lettuce)) {
			throw new IllegalStateException("Replica acknowledgement (distlock.replica-ack.replicas) needs the Lettuce "
					+ "client, but the connection factory is a " + connectionFactory.getClass().getName());
		}
		return new AcknowledgedAcquisitions(lettuce.getRequiredNativeClient(), acknowledgement);
	}

	/**
	 * Runs the acquire script and then {@code WAIT} on the master of the lock's slot, sent
	 * together.
	 * @param keys the script's keys, the lock's first
	 * @param args the script's arguments
	 * @return the script's answer and how many replicas confirmed
	 */
	Answer acquire(List<String> keys, String... args) {
		StatefulRedisConnection<String, String> master = masterOf(keys.get(0));
		try {
			return acquire(master, LockScripts.ACQUIRE.getSha1(), keys, args);
		}
		catch (RedisNoScriptException ex) {
			// The script was not loaded on this master yet (a new one after a failover, or SCRIPT FLUSH).
			return acquire(master, null, keys, args);
		}
	}

	private Answer acquire(StatefulRedisConnection<String, String> master, @Nullable String sha, List<String> keys,
			String... args) {
		long sentAt = System.nanoTime();
		RedisAsyncCommands<String, String> commands = master.async();
		String[] keyArray = keys.toArray(String[]::new);
		RedisFuture<Long> script = (sha != null) ? commands.evalsha(sha, ScriptOutputType.INTEGER, keyArray, args)
				: commands.eval(LockScripts.ACQUIRE.getScriptAsString(), ScriptOutputType.INTEGER, keyArray, args);
		RedisFuture<Long> replicas = commands.waitForReplication(this.acknowledgement.replicas(),
				this.acknowledgement.timeout().toMillis());
		Duration timeout = master.getTimeout().plus(this.acknowledgement.timeout());
		return new Answer(answer(script, timeout), answer(replicas, timeout), sentAt);
	}

	private static long answer(RedisFuture<Long> future, Duration timeout) {
		try {
			return future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof RuntimeException cause) ? cause : new RedisException(ex.getCause());
		}
		catch (TimeoutException ex) {
			future.cancel(false);
			throw new RedisCommandTimeoutException("Command timed out after " + timeout);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RedisException("Interrupted while acquiring a lock with replica acknowledgement", ex);
		}
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

	/** Opens the connection now rather than at the first acquisition. */
	void connect() {
		connection();
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

	@Override
	public void close() {
		StatefulConnection<String, String> connected = this.connection;
		if (connected != null) {
			connected.close();
		}
	}

	/**
	 * What the master answered.
	 * @param answer the acquire script's answer
	 * @param replicas how many replicas confirmed the lock in time
	 * @param sentAt the {@link System#nanoTime()} just before the script was sent, once connected
	 */
	record Answer(long answer, long replicas, long sentAt) {
	}

}
