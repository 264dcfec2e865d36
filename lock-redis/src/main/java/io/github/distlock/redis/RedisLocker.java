package io.github.distlock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;

import io.github.distlock.core.Acquisition;
import io.github.distlock.core.LeaseRequest;
import io.github.distlock.core.Locker;
import io.github.distlock.core.Release;
import io.github.distlock.core.ReleaseListener;
import io.github.distlock.core.ReleaseSubscription;
import io.github.distlock.core.Renewal;
import io.github.distlock.core.StoredLock;

/**
 * The Redis {@link Locker}. Each operation is one Lua script, one round trip; all keys of a lock
 * share one cluster slot. It uses the application's own {@link RedisConnectionFactory}, so
 * standalone, Sentinel and Cluster set up through {@code spring.data.redis.*} all work. The keys
 * and scripts are described in the package documentation.
 *
 * <p>It runs from construction, so it also works outside an application context. As a
 * {@link SmartLifecycle} in {@link #PHASE} it stops its release-notice subscription after the
 * components that take locks have stopped and before the connection factory does; started again,
 * it subscribes again. {@link #close()} is final.
 *
 * @since 0.1.0
 */
public final class RedisLocker implements Locker, SmartLifecycle, AutoCloseable {

	/**
	 * The lifecycle phase of the locker: above the phase of Spring Data Redis's connection
	 * factories (0), so it stops before them, and well below the web server's graceful shutdown
	 * ({@code SmartLifecycle.DEFAULT_PHASE - 1024}), message listener containers and schedulers,
	 * so it stops after they have finished the work that takes locks. The gap to the connection
	 * factory leaves room for components that must stop in between.
	 */
	public static final int PHASE = 1024;

	/**
	 * How long a lock given way is left to the waiters of other processes: long enough for one of
	 * them to be told and take it, short enough that a waiter which gave up meanwhile costs little.
	 */
	static final Duration GIVE_WAY = Duration.ofMillis(100);

	/** How long the last fencing token of a lock is remembered after it was minted. */
	static final Duration FENCING_MEMORY = Duration.ofSeconds(1);

	/**
	 * How long a release that someone waited for is remembered, so that the same release run again
	 * by the client (its reply lost) after a waiter took the lock is not mistaken for a lost lease.
	 */
	private static final String RELEASE_MEMORY = "10000";

	private final StringRedisTemplate redis;

	private final RedisLockKeys keys;

	private final RedisReleaseNotices releaseNotices;

	private final RedisRenewals renewals;

	/** The give-way in milliseconds, as the release script takes it. */
	private final String giveWayMillis;

	/** How long the fencing script remembers the last token, in milliseconds. */
	private final String fencingMemoryMillis;

	/** Tells this process's attempts and waiters from other processes'. */
	private final String processId = UUID.randomUUID().toString();

	private final ReplicaAcknowledgement acknowledgement;

	/** Acquisitions that wait for replicas, when {@link #acknowledgement} asks for any. */
	private final @Nullable AcknowledgedAcquisitions acknowledged;

	/**
	 * Creates a locker over the given connections.
	 * @param connectionFactory the application's Redis connections, Lettuce's (it sends the calls of
	 * a renewal batch together through its reactive connections)
	 * @param keyPrefix first part of every key the locker writes, for example {@code lock}; it must
	 * not be blank nor start with {@code '}'}
	 */
	public RedisLocker(RedisConnectionFactory connectionFactory, String keyPrefix) {
		this(connectionFactory, keyPrefix, ReplicaAcknowledgement.NONE);
	}

	/**
	 * Creates a locker over the given connections that grants an acquisition only once replicas
	 * have the lock (see the package documentation).
	 * @param connectionFactory the application's Redis connections, Lettuce's
	 * @param keyPrefix first part of every key the locker writes, for example {@code lock}; it must
	 * not be blank nor start with {@code '}'}
	 * @param acknowledgement how many replicas must have a lock, and how long they have to
	 */
	public RedisLocker(RedisConnectionFactory connectionFactory, String keyPrefix, ReplicaAcknowledgement acknowledgement) {
		this(connectionFactory, keyPrefix, GIVE_WAY, FENCING_MEMORY, acknowledgement);
	}

	/** Creates a locker that leaves a lock given way to other processes for {@code giveWay}. */
	RedisLocker(RedisConnectionFactory connectionFactory, String keyPrefix, Duration giveWay) {
		this(connectionFactory, keyPrefix, giveWay, FENCING_MEMORY, ReplicaAcknowledgement.NONE);
	}

	/** Creates a locker that remembers the last fencing token of a lock for {@code fencingMemory}. */
	RedisLocker(RedisConnectionFactory connectionFactory, String keyPrefix, Duration giveWay, Duration fencingMemory,
			ReplicaAcknowledgement acknowledgement) {
		this.keys = new RedisLockKeys(keyPrefix);
		this.redis = new StringRedisTemplate(connectionFactory);
		// Scripts need no connection proxy guarding against close(); it would cost one per call.
		this.redis.setExposeConnection(true);
		this.giveWayMillis = millis(giveWay);
		this.fencingMemoryMillis = millis(fencingMemory);
		this.releaseNotices = new RedisReleaseNotices(connectionFactory, this.keys);
		this.renewals = new RedisRenewals(this.redis, this.keys, this.processId);
		this.acknowledgement = acknowledgement;
		this.acknowledged = acknowledgement.isEnabled() ? AcknowledgedAcquisitions.over(connectionFactory, acknowledgement)
				: null;
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		String waitMillis = (willWait.isNegative() || willWait.isZero()) ? "0" : millis(willWait);
		List<String> keys = this.keys.forAcquire(key);
		String[] args = { owner, millis(lease), waitMillis, this.processId };
		long answer = (this.acknowledged != null) ? acknowledgedAcquire(this.acknowledged, key, keys, args)
				: this.redis.execute(LockScripts.ACQUIRE, keys, (Object[]) args);
		return (answer == 1) ? Acquisition.ACQUIRED : Acquisition.busy(holderLease(answer));
	}

	/** The acquire script's answer, once enough replicas confirmed a lock it took. */
	private long acknowledgedAcquire(AcknowledgedAcquisitions acquisitions, String key, List<String> keys, String[] args) {
		AcknowledgedAcquisitions.Answer answer = acquisitions.acquire(keys, args);
		if (answer.answer() == 1 && answer.replicas() < this.acknowledgement.replicas()) {
			release(key, args[0]);
			throw new ReplicaAcknowledgementException("Lock '" + key + "' was taken on the master, but " + answer.replicas()
					+ " of the " + this.acknowledgement.replicas() + " replicas required confirmed it within "
					+ this.acknowledgement.timeout().toMillis() + " ms, so a failover could lose it; it was released. "
					+ "Check the master's replicas, or lower distlock.replica-ack.replicas or raise distlock.replica-ack.timeout");
		}
		return answer.answer();
	}

	/**
	 * The holder's lease (or give-way) from a busy answer, minus one more than its {@code PTTL}:
	 * -1 means less than a millisecond is left, so retry after one; 0 means the key has no expiry
	 * (not written by a locker), which is unknown.
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
		return release(key, owner, this.processId);
	}

	private Release release(String key, String owner, String givingProcess) {
		long answer = this.redis.execute(LockScripts.RELEASE, this.keys.forRelease(key), owner,
				this.keys.noticeChannel(key), key, givingProcess, this.giveWayMillis, RELEASE_MEMORY);
		return (answer == 1) ? Release.RELEASED : (answer == 0) ? Release.GONE : Release.TAKEN;
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		return this.renewals.renew(leases);
	}

	@Override
	public long fence(String key, String owner) {
		return this.redis.execute(LockScripts.FENCE, this.keys.forFence(key), owner, this.fencingMemoryMillis);
	}

	/** Mints a token of at least {@code floor}, remembered as the lock's last one, for Redlock's second phase. */
	long fence(String key, String owner, long floor) {
		return this.redis.execute(LockScripts.FENCE, this.keys.forFence(key), owner, this.fencingMemoryMillis,
				Long.toString(floor));
	}

	/** The lock's owner token and time to live, read by {@code find.lua} in one round trip. */
	@Override
	public Optional<StoredLock> find(String key) {
		List<Object> found = this.redis.execute(LockScripts.FIND, List.of(this.keys.lock(key)));
		if (found == null || found.isEmpty()) {
			return Optional.empty();
		}
		long timeToLive = ((Number) found.get(1)).longValue();
		return Optional.of(new StoredLock((String) found.get(0), (timeToLive >= 0) ? Duration.ofMillis(timeToLive) : null));
	}

	/**
	 * Connects and loads the scripts into the server's cache, so that the first calls pay for
	 * neither.
	 * @return {@code true}, once done
	 */
	boolean loadScripts() {
		this.redis.execute((RedisCallback<Void>) (connection) -> {
			for (RedisScript<?> script : LockScripts.ALL) {
				connection.scriptingCommands().scriptLoad(script.getScriptAsString().getBytes(StandardCharsets.UTF_8));
			}
			return null;
		});
		return true;
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
	 * {@code confirmWithin} and the command timeout; a confirmation that comes later tells the
	 * listeners that the lock's notices resumed.
	 */
	@Override
	public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		return this.releaseNotices.subscribe(key, confirmWithin);
	}

	/**
	 * Whether release notices can reach this process: its notice connection is open (not before
	 * the first listener, not while Redis is away, not once stopped) and no lock channel was
	 * refused since one was last confirmed (a Redis user without rights on the channels). A
	 * connection that drops is restored, and its channels subscribed again, by the Redis client
	 * itself; once a channel is confirmed again its waiter asks again, since the notices of the
	 * time between were missed.
	 */
	@Override
	public boolean releaseNoticesActive() {
		return this.releaseNotices.isSubscribed();
	}

	@Override
	public void start() {
		this.releaseNotices.start();
	}

	@Override
	public void stop() {
		this.releaseNotices.stop();
	}

	@Override
	public boolean isRunning() {
		return this.releaseNotices.isRunning();
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

	/** A duration in whole milliseconds, at least one, as Redis takes it. */
	static String millis(Duration duration) {
		return String.valueOf(Math.max(1, duration.toMillis()));
	}

}
