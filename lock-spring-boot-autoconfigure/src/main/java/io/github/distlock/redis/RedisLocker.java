package io.github.distlock.redis;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.distlock.core.Acquisition;
import io.github.distlock.core.Locker;
import io.github.distlock.core.Transfer;

/**
 * The Redis lock store. Each operation is one Lua script, one round trip; all keys of a lock
 * share one cluster slot. It uses the application's own {@link RedisConnectionFactory}, so
 * standalone, Sentinel and Cluster set up through {@code spring.data.redis.*} all work.
 *
 * <p>As a {@link SmartLifecycle} it stops its release-notice subscription before the connection
 * factory it depends on stops, so no subscription is left waiting on connections being shut down.
 *
 * @since 0.1.0
 */
public final class RedisLocker implements Locker, SmartLifecycle, AutoCloseable {

	/**
	 * How long a lock given back for the waiters of other processes is left to them: long enough
	 * for one to be told and take it, short enough that a waiter which gave up meanwhile costs
	 * little.
	 */
	static final Duration GIVE_WAY = Duration.ofMillis(5);

	/** The give-way in milliseconds, as the release script takes it. */
	private final String giveWayMillis;

	private final StringRedisTemplate redis;

	private final RedisLockKeys keys;

	private final RedisReleaseNotices releaseNotices;

	private final AtomicBoolean closed = new AtomicBoolean();

	/** Tells this process's attempts and waiters from other processes'. */
	private final String processId = UUID.randomUUID().toString();

	/**
	 * Creates a lock store over the given connections.
	 * @param connectionFactory the application's Redis connections
	 * @param keyPrefix first part of every key the store writes, for example {@code lock}
	 */
	public RedisLocker(RedisConnectionFactory connectionFactory, String keyPrefix) {
		this(connectionFactory, keyPrefix, GIVE_WAY);
	}

	/** Creates a lock store that leaves a lock given back to other processes for {@code giveWay}. */
	RedisLocker(RedisConnectionFactory connectionFactory, String keyPrefix, Duration giveWay) {
		if (keyPrefix.isBlank()) {
			throw new IllegalArgumentException("Lock key prefix must not be blank");
		}
		this.redis = new StringRedisTemplate(connectionFactory);
		// Scripts need no connection proxy guarding against close(); it would cost one per call.
		this.redis.setExposeConnection(true);
		this.keys = new RedisLockKeys(keyPrefix);
		this.giveWayMillis = millis(giveWay);
		this.releaseNotices = new RedisReleaseNotices(connectionFactory, this.keys.releaseChannel());
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		long answer = this.redis.execute(LockScripts.ACQUIRE, this.keys.all(key), owner, millis(lease),
				String.valueOf(willWait.toMillis()), this.processId);
		return (answer > 0) ? Acquisition.acquired(answer) : Acquisition.busy(holderLease(answer));
	}

	/**
	 * The holder's lease (or give-way) from the script's answer, minus one more than its {@code PTTL}: -1 means
	 * less than a millisecond is left, so retry after one; 0 means the key has no expiry (not
	 * written by a locker), which is unknown.
	 */
	private static Duration holderLease(long answer) {
		return (answer == 0) ? Duration.ZERO : Duration.ofMillis(Math.max(1, -answer - 1));
	}

	@Override
	public boolean release(String key, String owner) {
		return release(key, owner, "", "0");
	}

	@Override
	public boolean giveWay(String key, String owner) {
		return release(key, owner, this.processId, this.giveWayMillis);
	}

	private boolean release(String key, String owner, String givingProcess, String giveWayMillis) {
		return this.redis.execute(LockScripts.RELEASE, this.keys.forRelease(key), owner, this.keys.releaseChannel(),
				key, givingProcess, giveWayMillis) == 1;
	}

	@Override
	public boolean renew(String key, String owner, Duration lease) {
		return this.redis.execute(LockScripts.RENEW, List.of(this.keys.lock(key)), owner, millis(lease)) == 1;
	}

	@Override
	public Transfer transfer(String key, String owner, String nextOwner, Duration lease) {
		List<Long> answer = this.redis.execute(LockScripts.TRANSFER, this.keys.all(key), owner, nextOwner,
				millis(lease), this.processId);
		return (answer.get(0) > 0) ? Transfer.transferred(answer.get(0), answer.get(1) == 1) : Transfer.refused();
	}

	@Override
	public void onRelease(Consumer<String> listener) {
		this.releaseNotices.subscribe(listener);
	}

	@Override
	public void start() {
		// The subscription starts with the first listener.
	}

	@Override
	public void stop() {
		close();
	}

	@Override
	public boolean isRunning() {
		return !this.closed.get();
	}

	@Override
	public void close() {
		if (this.closed.compareAndSet(false, true)) {
			this.releaseNotices.close();
		}
	}

	/** A lease in whole milliseconds, at least one, as Redis takes it. */
	private static String millis(Duration lease) {
		return String.valueOf(Math.max(1, lease.toMillis()));
	}

}
