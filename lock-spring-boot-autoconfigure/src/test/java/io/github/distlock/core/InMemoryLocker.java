package io.github.distlock.core;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A {@link Locker} in memory, for tests of the backend-neutral logic. Locks expire by their lease
 * as in Redis; calls are counted by operation, and a test may run something before an operation
 * (a delay, a failure).
 */
public final class InMemoryLocker implements Locker {

	private final Map<String, Entry> locks = new ConcurrentHashMap<>();

	/** Markers left by waiters of other processes, as the Redis store leaves them. */
	private final Map<String, Entry> waiters = new ConcurrentHashMap<>();

	private final AtomicLong fencing = new AtomicLong();

	private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();

	private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();

	private final Map<String, Runnable> before = new ConcurrentHashMap<>();

	private final Map<String, Runnable> after = new ConcurrentHashMap<>();

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		call("acquire");
		synchronized (this) {
			Entry current = live(key);
			if (current == null) {
				this.locks.put(key, new Entry(owner, lease));
				return Acquisition.acquired(this.fencing.incrementAndGet());
			}
			if (!willWait.isZero()) {
				this.waiters.put(key, new Entry("waiting", willWait));
			}
			return Acquisition.busy(Duration.ofNanos(Math.max(1_000_000, current.expiresAt - System.nanoTime())));
		}
	}

	@Override
	public boolean release(String key, String owner) {
		call("release");
		boolean released;
		synchronized (this) {
			released = isOwner(key, owner) && this.locks.remove(key) != null;
			if (released) {
				this.waiters.remove(key);
			}
		}
		if (released) {
			this.listeners.forEach((listener) -> listener.accept(key));
		}
		return released;
	}

	@Override
	public synchronized boolean renew(String key, String owner, Duration lease) {
		call("renew");
		if (isOwner(key, owner)) {
			this.locks.put(key, new Entry(owner, lease));
			return true;
		}
		return false;
	}

	@Override
	public Transfer transfer(String key, String owner, String nextOwner, Duration lease) {
		call("transfer");
		Transfer transfer = Transfer.refused();
		synchronized (this) {
			if (isOwner(key, owner)) {
				this.locks.put(key, new Entry(nextOwner, lease));
				transfer = Transfer.transferred(this.fencing.incrementAndGet(), live(this.waiters, key) != null);
			}
		}
		runAfter("transfer");
		return transfer;
	}

	@Override
	public void onRelease(Consumer<String> listener) {
		this.listeners.add(listener);
	}

	/**
	 * Runs {@code behaviour} before every call of an operation ({@code acquire}, {@code release},
	 * {@code renew}, {@code transfer}); it may sleep or throw.
	 */
	public void before(String operation, Runnable behaviour) {
		this.before.put(operation, behaviour);
	}

	/**
	 * Runs {@code behaviour} after the store applied a {@code transfer}, before it answers: a
	 * failure there is a reply lost on the way back.
	 */
	public void after(String operation, Runnable behaviour) {
		this.after.put(operation, behaviour);
	}

	public long calls(String operation) {
		AtomicLong count = this.calls.get(operation);
		return (count != null) ? count.get() : 0;
	}

	private void call(String operation) {
		this.calls.computeIfAbsent(operation, (name) -> new AtomicLong()).incrementAndGet();
		Runnable behaviour = this.before.get(operation);
		if (behaviour != null) {
			behaviour.run();
		}
	}

	private void runAfter(String operation) {
		Runnable behaviour = this.after.get(operation);
		if (behaviour != null) {
			behaviour.run();
		}
	}

	private boolean isOwner(String key, String owner) {
		Entry current = live(key);
		return current != null && current.owner.equals(owner);
	}

	private Entry live(String key) {
		return live(this.locks, key);
	}

	private static Entry live(Map<String, Entry> entries, String key) {
		Entry current = entries.get(key);
		if (current != null && System.nanoTime() - current.expiresAt >= 0) {
			entries.remove(key);
			return null;
		}
		return current;
	}

	private static final class Entry {

		final String owner;

		final long expiresAt;

		Entry(String owner, Duration lease) {
			this.owner = owner;
			this.expiresAt = System.nanoTime() + lease.toNanos();
		}

	}

}
