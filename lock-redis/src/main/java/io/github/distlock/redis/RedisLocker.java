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

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;

/**
 * The Redis {@link Locker}. Each operation is one Lua script, one round trip; all keys of
 * a lock share one cluster slot. It uses the application's own
 * {@link RedisConnectionFactory}, so standalone, Sentinel and Cluster set up through
 * {@code spring.data.redis.*} all work. The keys and scripts are described in the package
 * documentation.
 *
 * <p>
 * It works from construction, so it also works outside an application context. As a
 * {@link SmartLifecycle} in {@link #PHASE} it is started with the application context: it
 * connects, loads its scripts into the server's cache and opens its release-notice
 * connection, waiting for that at most {@link #WARM_UP_WAIT}, so that the first lock pays
 * for none of it; a Redis that is away or slow is warned of and start-up goes on. It
 * stops its release-notice subscription after the components that take locks have stopped
 * and before the connection factory does; started again, it subscribes again.
 * {@link #close()} is final.
 *
 * @since 0.1.0
 */
public final class RedisLocker implements Locker, SmartLifecycle, AutoCloseable {

	/**
	 * The lifecycle phase of the locker: above the phase of Spring Data Redis's
	 * connection factories (0), so it stops before them, and well below the web server's
	 * graceful shutdown ({@code SmartLifecycle.DEFAULT_PHASE - 1024}), message listener
	 * containers and schedulers, so it stops after they have finished the work that takes
	 * locks. The gap to the connection factory leaves room for components that must stop
	 * in between.
	 */
	public static final int PHASE = 1024;

	/**
	 * How long a lock given way is left to the waiters of other processes: long enough
	 * for one of them to be told and take it, short enough that a waiter which gave up
	 * meanwhile costs little.
	 */
	static final Duration GIVE_WAY = Duration.ofMillis(100);

	/**
	 * How long {@link #start()} waits for the store to be ready before it goes on
	 * without.
	 */
	static final Duration WARM_UP_WAIT = Duration.ofSeconds(2);

	/** How long the last fencing token of a lock is remembered after it was minted. */
	static final Duration FENCING_MEMORY = Duration.ofSeconds(1);

	/**
	 * How long a release is remembered, so that the same release run again by the client
	 * (its reply lost, sent again once it reconnected) after another caller took the lock
	 * is not mistaken for a lost lease: one small key per lock released within that time.
	 */
	private static final String RELEASE_MEMORY = "5000";

	private final RedisConnectionFactory connectionFactory;

	private final StringRedisTemplate redis;

	private final SentScripts scripts;

	private final RedisLockKeys keys;

	private final RedisReleaseNotices releaseNotices;

	private final RedisRenewals renewals;

	/** The give-way in milliseconds, as the release script takes it. */
	private final String giveWayMillis;

	/** How long the fencing script remembers the last token, in milliseconds. */
	private final String fencingMemoryMillis;

	/**
	 * Tells this process's attempts and waiters from other processes' for owners not
	 * minted by a template; a template's owners carry their process
	 * ({@link Locker#processOf}).
	 */
	private final String processId = UUID.randomUUID().toString();

	/**
	 * Acquisitions and renewals that wait for replicas, when replica acknowledgement asks
	 * for any.
	 */
	private final @Nullable AcknowledgedWrites acknowledged;

	/**
	 * Whether {@link #start()} was called since construction or the last {@link #stop()}.
	 */
	private volatile boolean started;

	/**
	 * Creates a locker over the given connections.
	 * @param connectionFactory the application's Redis connections, Lettuce's (it sends
	 * the calls of a renewal batch together through its reactive connections)
	 * @param keyPrefix first part of every key the locker writes, for example
	 * {@code lock}; it must not be blank nor start with {@code '}'}
	 */
	public RedisLocker(RedisConnectionFactory connectionFactory, String keyPrefix) {
		this(connectionFactory, keyPrefix, ReplicaAcknowledgement.NONE);
	}

	/**
	 * Creates a locker over the given connections that grants an acquisition only once
	 * replicas have the lock (see the package documentation).
	 * @param connectionFactory the application's Redis connections, Lettuce's
	 * @param keyPrefix first part of every key the locker writes, for example
	 * {@code lock}; it must not be blank nor start with {@code '}'}
	 * @param acknowledgement how many replicas must have a lock, and how long they have
	 * to
	 */
	public RedisLocker(RedisConnectionFactory connectionFactory, String keyPrefix,
			ReplicaAcknowledgement acknowledgement) {
		this(connectionFactory, keyPrefix, GIVE_WAY, FENCING_MEMORY, acknowledgement);
	}

	/**
	 * Creates a locker that leaves a lock given way to other processes for
	 * {@code giveWay}.
	 */
	RedisLocker(RedisConnectionFactory connectionFactory, String keyPrefix, Duration giveWay) {
		this(connectionFactory, keyPrefix, giveWay, FENCING_MEMORY, ReplicaAcknowledgement.NONE);
	}

	/**
	 * Creates a locker that remembers the last fencing token of a lock for
	 * {@code fencingMemory}.
	 */
	RedisLocker(RedisConnectionFactory connectionFactory, String keyPrefix, Duration giveWay, Duration fencingMemory,
			ReplicaAcknowledgement acknowledgement) {
		this.connectionFactory = connectionFactory;
		this.keys = new RedisLockKeys(keyPrefix);
		this.redis = new StringRedisTemplate(connectionFactory);
		// Scripts need no connection proxy guarding against close(); it would cost one
		// per call.
		this.redis.setExposeConnection(true);
		this.scripts = new SentScripts(this.redis);
		this.giveWayMillis = millis(giveWay);
		this.fencingMemoryMillis = millis(fencingMemory);
		this.releaseNotices = new RedisReleaseNotices(connectionFactory, this.keys);
		this.acknowledged = acknowledgement.isEnabled() ? AcknowledgedWrites.over(connectionFactory, acknowledgement)
				: null;
		this.renewals = new RedisRenewals(this.redis, this.keys, this.processId, this.acknowledged);
	}

	/**
	 * Runs the acquire script, and tells how long after the call the command that took
	 * the lock was sent, in whole milliseconds rounded down: after connecting, and after
	 * the server answered {@code NOSCRIPT} and the script was sent again, so the caller
	 * counts the lease from no sooner than Redis ran it.
	 */
	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		long calledAt = System.nanoTime();
		String waitMillis = (willWait.isNegative() || willWait.isZero()) ? "0" : millis(willWait);
		List<String> keys = this.keys.forAcquire(key);
		String[] args = { owner, millis(lease), waitMillis, Locker.processOf(owner, this.processId) };
		SentScripts.Sent sent = (this.acknowledged != null) ? acknowledgedAcquire(this.acknowledged, key, keys, args)
				: this.scripts.run(LockScripts.ACQUIRE, keys, args);
		return (sent.answer() == 1)
				? Acquisition.acquiredAfter(Duration.ofMillis(TimeUnit.NANOSECONDS.toMillis(sent.sentAt() - calledAt)))
				: Acquisition.busy(holderLease(sent.answer()));
	}

	/** The acquire script's answer, once enough replicas confirmed a lock it took. */
	private SentScripts.Sent acknowledgedAcquire(AcknowledgedWrites writes, String key, List<String> keys,
			String[] args) {
		String owner = args[0];
		AcknowledgedWrites.Answer<Long> answer;
		try {
			answer = writes.write(LockScripts.ACQUIRE, keys, args);
		}
		catch (RuntimeException ex) {
			// The acquire may still run at the master. The core's clean-up releases on
			// the shared
			// connection, which could overtake it; this release goes after it, on its
			// connection.
			try {
				writes.sendAfter(LockScripts.RELEASE, this.keys.forRelease(key), releaseArguments(key, owner, ""));
			}
			catch (RuntimeException releaseFailure) {
				ex.addSuppressed(releaseFailure);
			}
			throw ex;
		}
		if (answer.answer() == 1 && !answer.confirmed()) {
			release(key, owner);
			throw new ReplicaAcknowledgementException("Lock '" + key + "' was taken on the master, but "
					+ answer.replicas() + " of the " + answer.required() + " replicas required confirmed it within "
					+ writes.acknowledgement().timeout().toMillis()
					+ " ms, so a failover could lose it; it was released. "
					+ "Check the master's replicas, or lower distlock.replica-ack.replicas or raise distlock.replica-ack.timeout");
		}
		return new SentScripts.Sent(answer.answer(), answer.sentAt());
	}

	/**
	 * The holder's lease (or give-way) from a busy answer, minus one more than its
	 * {@code PTTL}: -1 means less than a millisecond is left, so retry after one; 0 means
	 * the key has no expiry (not written by a locker), which is unknown.
	 */
	private static Duration holderLease(long answer) {
		return (answer == 0) ? Duration.ZERO : Duration.ofMillis(Math.max(1, -answer - 1));
	}

	@Override
	public Release release(String key, String owner) {
		return release(key, owner, "");
	}

	@Override
	public Release giveWay(String key, String owner) {
		return release(key, owner, Locker.processOf(owner, this.processId));
	}

	private Release release(String key, String owner, String givingProcess) {
		long answer = this.redis.execute(LockScripts.RELEASE, this.keys.forRelease(key),
				(Object[]) releaseArguments(key, owner, givingProcess));
		return (answer == 1) ? Release.RELEASED : (answer == 0) ? Release.GONE : Release.TAKEN;
	}

	private String[] releaseArguments(String key, String owner, String givingProcess) {
		return new String[] { owner, this.keys.noticeChannel(key), key, givingProcess, this.giveWayMillis,
				RELEASE_MEMORY };
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		return this.renewals.renew(leases);
	}

	@Override
	public long fence(String key, String owner) {
		return this.redis.execute(LockScripts.FENCE, this.keys.forFence(key), owner, this.fencingMemoryMillis);
	}

	/**
	 * Mints a token of at least {@code floor}, remembered as the lock's last one, for
	 * Redlock's second phase.
	 */
	long fence(String key, String owner, long floor) {
		return this.redis.execute(LockScripts.FENCE, this.keys.forFence(key), owner, this.fencingMemoryMillis,
				Long.toString(floor));
	}

	/**
	 * The lock's owner token and time to live, read by {@code find.lua} in one round
	 * trip.
	 */
	@Override
	public Optional<StoredLock> find(String key) {
		List<Object> found = this.redis.execute(LockScripts.FIND, List.of(this.keys.lock(key)));
		if (found == null || found.isEmpty()) {
			return Optional.empty();
		}
		long timeToLive = ((Number) found.get(1)).longValue();
		return Optional
			.of(new StoredLock((String) found.get(0), (timeToLive >= 0) ? Duration.ofMillis(timeToLive) : null));
	}

	/**
	 * Connects, loads the scripts into the server's cache (on every node of a cluster,
	 * which connects to each) and opens the release-notice connection, so that the first
	 * lock pays for none of it.
	 * @throws RuntimeException when Redis did not answer
	 */
	@SuppressWarnings("NullAway") // a RedisCallback<Void> returns null
	void prepare() {
		this.redis.execute((RedisCallback<Void>) (connection) -> {
			for (RedisScript<?> script : LockScripts.ALL) {
				connection.scriptingCommands().scriptLoad(script.getScriptAsString().getBytes(StandardCharsets.UTF_8));
			}
			return null;
		});
		if (this.acknowledged != null) {
			this.acknowledged.connect();
		}
		this.releaseNotices.open();
	}

	@Override
	public void ping() {
		this.redis.execute((RedisCallback<String>) RedisConnection::ping);
	}

	@Override
	public void onRelease(ReleaseListener listener) {
		this.releaseNotices.addListener(listener);
	}

	/**
	 * Subscribes to the lock's own channel, in its cluster slot ({@code SSUBSCRIBE}, or
	 * {@code SUBSCRIBE} on a server without sharded pub/sub), once per lock however many
	 * subscriptions are open, and waits for the server's confirmation at most
	 * {@code confirmWithin} and the command timeout; a confirmation that comes later
	 * tells the listeners that the lock's notices resumed.
	 */
	@Override
	public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		return this.releaseNotices.subscribe(key, confirmWithin);
	}

	@Override
	public boolean sendsReleaseNotices() {
		return true;
	}

	/**
	 * Whether release notices can reach this process: its notice connection is open (not
	 * before the locker started or had a listener, not while Redis is away, not once
	 * stopped) and no lock channel was refused since one was last confirmed (a Redis user
	 * without rights on the channels). A connection that drops is restored, and its
	 * channels subscribed again, by the Redis client itself; once a channel is confirmed
	 * again its waiter asks again, since the notices of the time between were missed.
	 */
	@Override
	public boolean releaseNoticesActive() {
		return this.releaseNotices.isSubscribed();
	}

	/**
	 * Subscribes again after a stop, and gets the store ready for the first lock (see the
	 * class documentation), waiting at most {@link #WARM_UP_WAIT}.
	 */
	@Override
	public void start() {
		if (resume()) {
			StoreWarmUp.await(Map.of(storeName(this.connectionFactory), this::prepare), WARM_UP_WAIT);
		}
	}

	/**
	 * Starts without getting the store ready, which the caller does.
	 * @return whether it runs: {@code false} once closed
	 */
	boolean resume() {
		this.releaseNotices.start();
		this.started = this.releaseNotices.isRunning();
		return this.started;
	}

	@Override
	public void stop() {
		this.started = false;
		this.releaseNotices.stop();
	}

	/**
	 * Whether it was started and has not stopped since; it takes locks and tells of
	 * releases either way until closed.
	 */
	@Override
	public boolean isRunning() {
		return this.started && this.releaseNotices.isRunning();
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

	@Override
	public void close() {
		this.releaseNotices.close();
		if (this.acknowledged != null) {
			this.acknowledged.close();
		}
	}

	/**
	 * The Redis a connection factory connects to, for messages: its address, Sentinel
	 * master or cluster nodes.
	 */
	private static String storeName(RedisConnectionFactory connectionFactory) {
		if (!(connectionFactory instanceof LettuceConnectionFactory lettuce)) {
			return "Redis (" + connectionFactory.getClass().getSimpleName() + ")";
		}
		RedisClusterConfiguration cluster = lettuce.getClusterConfiguration();
		if (lettuce.isClusterAware() && cluster != null) {
			return "Redis Cluster " + cluster.getClusterNodes();
		}
		RedisSentinelConfiguration sentinel = lettuce.getSentinelConfiguration();
		if (lettuce.isRedisSentinelAware() && sentinel != null && sentinel.getMaster() != null) {
			return "Redis Sentinel master '" + sentinel.getMaster().getName() + "'";
		}
		return "Redis at " + lettuce.getHostName() + ":" + lettuce.getPort();
	}

	/** A duration in whole milliseconds, at least one, as Redis takes it. */
	static String millis(Duration duration) {
		return String.valueOf(Math.max(1, duration.toMillis()));
	}

}
