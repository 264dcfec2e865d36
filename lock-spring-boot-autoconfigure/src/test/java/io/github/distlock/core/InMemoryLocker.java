package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A {@link Locker} in memory, for tests of the backend-neutral logic. It counts its calls by
 * operation and never expires anything.
 */
public final class InMemoryLocker implements Locker {

	private final Map<String, String> owners = new ConcurrentHashMap<>();

	private final AtomicLong fencing = new AtomicLong();

	private final List<Consumer<String>> listeners = new ArrayList<>();

	private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();

	@Override
	public synchronized Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		count("acquire");
		if (this.owners.putIfAbsent(key, owner) == null) {
			return Acquisition.acquired(this.fencing.incrementAndGet());
		}
		return Acquisition.busy(Duration.ZERO);
	}

	@Override
	public boolean release(String key, String owner) {
		count("release");
		boolean released;
		synchronized (this) {
			released = this.owners.remove(key, owner);
		}
		if (released) {
			this.listeners.forEach((listener) -> listener.accept(key));
		}
		return released;
	}

	@Override
	public synchronized boolean renew(String key, String owner, Duration lease) {
		count("renew");
		return owner.equals(this.owners.get(key));
	}

	@Override
	public synchronized OptionalLong transfer(String key, String owner, String nextOwner, Duration lease) {
		count("transfer");
		if (this.owners.replace(key, owner, nextOwner)) {
			return OptionalLong.of(this.fencing.incrementAndGet());
		}
		return OptionalLong.empty();
	}

	@Override
	public void onRelease(Consumer<String> listener) {
		this.listeners.add(listener);
	}

	public long calls(String operation) {
		AtomicLong count = this.calls.get(operation);
		return (count != null) ? count.get() : 0;
	}

	private void count(String operation) {
		this.calls.computeIfAbsent(operation, (name) -> new AtomicLong()).incrementAndGet();
	}

}
