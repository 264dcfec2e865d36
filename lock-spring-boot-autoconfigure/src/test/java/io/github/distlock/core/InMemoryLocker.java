package io.github.distlock.core;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

/**
 * A {@link Locker} in memory that behaves like the Redis store (both pass
 * {@code AbstractLockerContractTests}): locks, waiter markers, give-way and fencing memory expire
 * by time; several simulated processes share one store ({@link #otherProcess()}). Calls are
 * counted by operation, and a test may run something before or after an operation (a delay, a
 * failure: after the store applied it, a failure is a lost reply).
 */
public final class InMemoryLocker implements Locker {

	static final Duration GIVE_WAY = Duration.ofMillis(100);

	static final Duration FENCING_MEMORY = Duration.ofSeconds(1);

	private final Store store;

	private final String process = UUID.randomUUID().toString();

	private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();

	public InMemoryLocker() {
		this(new Store());
	}

	private InMemoryLocker(Store store) {
		this.store = store;
		store.processes.add(this);
	}

	/** Returns a locker on the same store, as another process would have. */
	public InMemoryLocker otherProcess() {
		return new InMemoryLocker(this.store);
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		return call("acquire", () -> {
			Entry held = this.store.live(key);
			if (held != null && held.value.equals(owner)) {
				return Acquisition.ACQUIRED;
			}
			Entry givenWay = this.store.live(key + ":giveway");
			if (held == null && (givenWay == null || !givenWay.value.equals(this.process))) {
				this.store.put(key, owner, lease);
				this.store.entries.remove(key + ":giveway");
				return Acquisition.ACQUIRED;
			}
			if (!willWait.isZero()) {
				markWaiting(key, willWait);
			}
			Entry blocking = (held != null) ? held : givenWay;
			return Acquisition.busy(Duration.ofMillis(Math.max(1, blocking.remaining().toMillis())));
		});
	}

	private void markWaiting(String key, Duration willWait) {
		Entry marker = this.store.live(key + ":waiters");
		String mark = (marker == null || marker.value.equals(this.process)) ? this.process : "*";
		Duration ttl = (marker != null && marker.remaining().compareTo(willWait) > 0) ? marker.remaining() : willWait;
		this.store.put(key + ":waiters", mark, ttl);
	}

	@Override
	public Release release(String key, String owner) {
		return release(key, owner, false);
	}

	@Override
	public Release giveWay(String key, String owner) {
		return release(key, owner, true);
	}

	private Release release(String key, String owner, boolean giveWay) {
		List<Consumer<String>> notified = new ArrayList<>();
		Release release = call("release", () -> {
			Entry held = this.store.live(key);
			if (held == null) {
				return Release.GONE;
			}
			if (!held.value.equals(owner)) {
				return Release.TAKEN;
			}
			this.store.entries.remove(key);
			Entry marker = this.store.live(key + ":waiters");
			if (marker != null) {
				this.store.entries.remove(key + ":waiters");
				if (giveWay && !marker.value.equals(this.process)) {
					Duration window = (marker.remaining().compareTo(GIVE_WAY) < 0) ? marker.remaining() : GIVE_WAY;
					this.store.put(key + ":giveway", this.process, window);
				}
				this.store.processes.forEach((process) -> notified.addAll(process.activeListeners()));
			}
			return Release.RELEASED;
		});
		notified.forEach((listener) -> listener.accept(key));
		return release;
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		return call("renew", () -> {
			List<Renewal> renewals = new ArrayList<>();
			for (LeaseRequest lease : leases) {
				Entry held = this.store.live(lease.key());
				if (held == null || !held.value.equals(lease.owner())) {
					renewals.add(Renewal.LOST);
					continue;
				}
				this.store.put(lease.key(), lease.owner(), lease.lease());
				Entry marker = this.store.live(lease.key() + ":waiters");
				renewals.add(Renewal.renewed(marker != null && !marker.value.equals(this.process)));
			}
			return renewals;
		});
	}

	@Override
	public long fence(String key, String owner) {
		return call("fence", () -> {
			Entry held = this.store.live(key);
			if (held == null || !held.value.equals(owner)) {
				return 0L;
			}
			Entry last = this.store.live(key + ":fencing");
			long now = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
			long token = (last != null) ? Math.max(now, Long.parseLong(last.value) + 1) : now;
			this.store.put(key + ":fencing", Long.toString(token), FENCING_MEMORY);
			return token;
		});
	}

	@Override
	public void onRelease(Consumer<String> listener) {
		this.listeners.add(listener);
	}

	@Override
	public boolean releaseNoticesActive() {
		return this.store.noticesActive;
	}

	private List<Consumer<String>> activeListeners() {
		return this.store.noticesActive ? this.listeners : List.of();
	}

	/** Drops every lock, marker and fencing memory: a store that restarted empty. */
	public void clear() {
		this.store.entries.clear();
	}

	/** While {@code false}, release notices are dropped and every process is told they are inactive. */
	public void setReleaseNoticesActive(boolean active) {
		this.store.noticesActive = active;
	}

	/**
	 * Runs {@code behaviour} before every call of an operation ({@code acquire}, {@code release},
	 * {@code renew}, {@code fence}) of any process on the store; it may sleep, block or throw.
	 */
	public void before(String operation, Runnable behaviour) {
		this.store.before.put(operation, behaviour);
	}

	/**
	 * Runs {@code behaviour} after the store applied an operation, before it answers: a failure
	 * there is a reply lost on the way back.
	 */
	public void after(String operation, Runnable behaviour) {
		this.store.after.put(operation, behaviour);
	}

	/** Returns how many calls of the operation the store received, from every process. */
	public long calls(String operation) {
		AtomicLong count = this.store.calls.get(operation);
		return (count != null) ? count.get() : 0;
	}

	/** Returns the keys the store holds now, expired ones left out. */
	public List<String> keys() {
		synchronized (this.store) {
			return this.store.entries.keySet().stream().filter((key) -> this.store.live(key) != null).toList();
		}
	}

	private <T> T call(String operation, java.util.function.Supplier<T> action) {
		this.store.calls.computeIfAbsent(operation, (name) -> new AtomicLong()).incrementAndGet();
		run(this.store.before.get(operation));
		T answer;
		synchronized (this.store) {
			answer = action.get();
		}
		run(this.store.after.get(operation));
		return answer;
	}

	private static void run(@Nullable Runnable behaviour) {
		if (behaviour != null) {
			behaviour.run();
		}
	}

	/** What the processes share: the data, and the tests' hooks and counts. */
	private static final class Store {

		final Map<String, Entry> entries = new ConcurrentHashMap<>();

		final List<InMemoryLocker> processes = new CopyOnWriteArrayList<>();

		final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();

		final Map<String, Runnable> before = new ConcurrentHashMap<>();

		final Map<String, Runnable> after = new ConcurrentHashMap<>();

		volatile boolean noticesActive = true;

		void put(String key, String value, Duration ttl) {
			this.entries.put(key, new Entry(value, System.nanoTime() + Math.max(1, ttl.toNanos())));
		}

		@Nullable Entry live(String key) {
			Entry entry = this.entries.get(key);
			if (entry != null && entry.remaining().isZero()) {
				this.entries.remove(key);
				return null;
			}
			return entry;
		}

	}

	private record Entry(String value, long expiresAt) {

		Duration remaining() {
			return Duration.ofNanos(Math.max(0, this.expiresAt - System.nanoTime()));
		}

	}

}
