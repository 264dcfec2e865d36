package io.github.distlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.springframework.context.SmartLifecycle;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.distlock.core.Acquisition;
import io.github.distlock.core.Locker;
import io.github.distlock.core.LeaseRequest;
import io.github.distlock.core.Release;
import io.github.distlock.core.Renewal;

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
	 * How long a lock given back for the waiters of other processes is left to them at most (until
	 * one takes it): long enough for one to be told and take it on a busy machine, short enough
	 * that a waiter which gave up meanwhile costs little.
	 */
	static final Duration GIVE_WAY = Duration.ofMillis(100);

	/** How long the last fencing token of a lock is remembered; tokens follow the clock otherwise. */
	private static final String FENCING_MEMORY_MILLIS = "1000";

	/** The give-way in milliseconds, as the release script takes it. */
	private final String giveWayMillis;

	private final StringRedisTemplate redis;

	private final RedisLockKeys keys;

	private final RenewalBatches renewalBatches;

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
		this.keys = new RedisLockKeys(keyPrefix);
		this.redis = new StringRedisTemplate(connectionFactory);
		// Scripts need no connection proxy guarding against close(); it would cost one per call.
		this.redis.setExposeConnection(true);
		this.renewalBatches = RenewalBatches.of(connectionFactory, this.keys);
		this.giveWayMillis = millis(giveWay);
		this.releaseNotices = new RedisReleaseNotices(connectionFactory, this.keys.releaseChannel());
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		long answer = this.redis.execute(LockScripts.ACQUIRE, this.keys.forAcquireAndRelease(key), owner, millis(lease),
				String.valueOf(willWait.toMillis()), this.processId);
		return (answer > 0) ? Acquisition.ACQUIRED : Acquisition.busy(holderLease(answer));
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
	public Release release(String key, String owner) {
		return release(key, owner, "");
	}

	@Override
	public Release giveWay(String key, String owner) {
		return release(key, owner, this.processId);
	}

	private Release release(String key, String owner, String givingProcess) {
		long answer = this.redis.execute(LockScripts.RELEASE, this.keys.forAcquireAndRelease(key), owner,
				this.keys.releaseChannel(), key, givingProcess, this.giveWayMillis);
		return (answer > 0) ? Release.RELEASED : (answer == 0) ? Release.GONE : Release.TAKEN;
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		Renewal[] renewals = new Renewal[leases.size()];
		for (List<Integer> batch : this.renewalBatches.split(leases)) {
			List<Renewal> answers = renewBatch(batch.stream().map(leases::get).toList());
			for (int i = 0; i < batch.size(); i++) {
				renewals[batch.get(i)] = answers.get(i);
			}
		}
		return List.of(renewals);
	}

	private List<Renewal> renewBatch(List<LeaseRequest> batch) {
		List<String> keys = new ArrayList<>(batch.size() * 2);
		List<String> args = new ArrayList<>(batch.size() * 2 + 1);
		args.add(this.processId);
		for (LeaseRequest lease : batch) {
			String lock = this.keys.lock(lease.key());
			keys.add(lock);
			keys.add(this.keys.waiters(lock));
			args.add(lease.owner());
			args.add(millis(lease.lease()));
		}
		List<Long> answers = this.redis.execute(LockScripts.RENEW, keys, args.toArray());
		List<Renewal> renewals = new ArrayList<>(answers.size());
		for (long answer : answers) {
			renewals.add((answer == 0) ? Renewal.LOST : Renewal.renewed(answer == 2));
		}
		return renewals;
	}

	@Override
	public long fence(String key, String owner) {
		return this.redis.execute(LockScripts.FENCE, this.keys.forFence(key), owner, FENCING_MEMORY_MILLIS);
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
