package io.github.distlock.core;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A {@link Locker} in memory that behaves as the Redis locker does in everything
 * {@link AbstractLockerContractTests} checks, so tests of the backend-neutral logic can trust it.
 * Each instance is one process with its own process id and listeners; {@link #otherProcess()}
 * returns another process on the same store. Locks, waiters markers, give-ways and fencing
 * memory expire by time as in Redis.
 *
 * <p>Test hooks, per process: {@link #before} and {@link #after} an operation ({@code acquire},
 * {@code release} (give-ways included), {@code renew}, {@code fence}), {@link #calls}, and
 * {@link #setReleaseNoticesActive}. Release notices reach every process of the store, on the
 * releasing thread before {@code release} answers, which is one of the orders Redis allows.
 * Thread-safe.
 */
public final class InMemoryLocker implements Locker {

	/** How long a lock given way is left to other processes' waiters, as in the Redis locker. */
	public static final Duration GIVE_WAY = Duration.ofMillis(100);

	private static final Set<String> OPERATIONS = Set.of("acquire", "release", "renew", "fence");

	private final InMemoryStore store;

	private final Duration giveWay;

	private final String processId = UUID.randomUUID().toString();

	private final List<ReleaseListener> listeners = new CopyOnWriteArrayList<>();

	private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();

	private final Map<String, Runnable> before = new ConcurrentHashMap<>();

	private final Map<String, Runnable> after = new ConcurrentHashMap<>();

	private volatile boolean releaseNoticesActive = true;

	/** Creates a process on a new, empty store that gives way for {@link #GIVE_WAY}. */
	public InMemoryLocker() {
		this(GIVE_WAY);
	}

	/**
	 * Creates a process on a new, empty store.
	 * @param giveWay how long a lock this process gives way is left to other processes' waiters
	 */
	public InMemoryLocker(Duration giveWay) {
		this(new InMemoryStore(), giveWay);
	}

	private InMemoryLocker(InMemoryStore store, Duration giveWay) {
		this.store = store;
		this.giveWay = giveWay;
		store.subscribe(this::notice);
	}

	/**
	 * Returns another process on the same store, giving way as long as this one.
	 * @return the other process's locker
	 */
	public InMemoryLocker otherProcess() {
		return otherProcess(this.giveWay);
	}

	/**
	 * Returns another process on the same store.
	 * @param giveWay how long a lock that process gives way is left to other processes' waiters
	 * @return the other process's locker
	 */
	public InMemoryLocker otherProcess(Duration giveWay) {
		return new InMemoryLocker(this.store, giveWay);
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		return call("acquire", () -> this.store.acquire(key, owner, lease, willWait, this.processId));
	}

	@Override
	public Release release(String key, String owner) {
		return call("release", () -> this.store.release(key, owner, null, this.giveWay));
	}

	@Override
	public Release giveWay(String key, String owner) {
		return call("release", () -> this.store.release(key, owner, this.processId, this.giveWay));
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		return call("renew", () -> this.store.renew(leases, this.processId));
	}

	@Override
	public long fence(String key, String owner) {
		return call("fence", () -> this.store.fence(key, owner));
	}

	@Override
	public void onRelease(ReleaseListener listener) {
		this.listeners.add(listener);
	}

	@Override
	public boolean releaseNoticesActive() {
		return this.releaseNoticesActive;
	}

	/**
	 * Sets whether this process gets release notices; while it does not, they are dropped. Turned
	 * on again, they resume as a subscription that is back does: listeners are told.
	 * @param active whether notices are delivered
	 */
	public void setReleaseNoticesActive(boolean active) {
		boolean resumed = active && !this.releaseNoticesActive;
		this.releaseNoticesActive = active;
		if (resumed) {
			this.listeners.forEach(ReleaseListener::noticesResumed);
		}
	}

	/**
	 * Runs {@code behaviour} before every call of an operation, before the store sees it; it may
	 * sleep, throw, or block on a latch.
	 * @param operation {@code acquire}, {@code release}, {@code renew} or {@code fence}
	 * @param behaviour what to run
	 */
	public void before(String operation, Runnable behaviour) {
		this.before.put(checked(operation), behaviour);
	}

	/**
	 * Runs {@code behaviour} after the store applied an operation, before it answers: a failure
	 * there is a reply lost on the way back.
	 * @param operation {@code acquire}, {@code release}, {@code renew} or {@code fence}
	 * @param behaviour what to run
	 */
	public void after(String operation, Runnable behaviour) {
		this.after.put(checked(operation), behaviour);
	}

	/**
	 * Returns how often this process called an operation.
	 * @param operation {@code acquire}, {@code release}, {@code renew} or {@code fence}
	 * @return the number of calls, failed ones included
	 */
	public long calls(String operation) {
		AtomicLong count = this.calls.get(checked(operation));
		return (count != null) ? count.get() : 0;
	}

	/** Drops every lock, marker and fencing memory of the store, as a Redis that restarted empty. */
	public void clear() {
		this.store.clear();
	}

	/**
	 * Returns every key the store holds, named as in Redis under an empty prefix.
	 * @return the time to live of each key, in milliseconds
	 */
	public Map<String, Long> timesToLive() {
		return this.store.timesToLive();
	}

	private void notice(String key) {
		if (this.releaseNoticesActive) {
			this.listeners.forEach((listener) -> listener.released(key));
		}
	}

	private <T> T call(String operation, Supplier<T> applied) {
		this.calls.computeIfAbsent(operation, (name) -> new AtomicLong()).incrementAndGet();
		this.before.getOrDefault(operation, () -> { }).run();
		T answer = applied.get();
		this.after.getOrDefault(operation, () -> { }).run();
		return answer;
	}

	private static String checked(String operation) {
		if (!OPERATIONS.contains(operation)) {
			throw new IllegalArgumentException("Unknown operation '" + operation + "'; use one of " + OPERATIONS);
		}
		return operation;
	}

}
