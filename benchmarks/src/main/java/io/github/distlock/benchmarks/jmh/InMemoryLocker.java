package io.github.distlock.benchmarks.jmh;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import io.github.distlock.core.Acquisition;
import io.github.distlock.core.Locker;
import io.github.distlock.core.Transfer;

/**
 * A lock store in memory, so a benchmark measures distlock's own per-call work without a
 * network round trip.
 */
final class InMemoryLocker implements Locker {

	private final Map<String, String> owners = new ConcurrentHashMap<>();

	private final AtomicLong fencing = new AtomicLong();

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		return (this.owners.putIfAbsent(key, owner) == null) ? Acquisition.acquired(this.fencing.incrementAndGet())
				: Acquisition.busy(Duration.ZERO);
	}

	@Override
	public boolean release(String key, String owner) {
		return this.owners.remove(key, owner);
	}

	@Override
	public boolean renew(String key, String owner, Duration lease) {
		return owner.equals(this.owners.get(key));
	}

	@Override
	public Transfer transfer(String key, String owner, String nextOwner, Duration lease) {
		return this.owners.replace(key, owner, nextOwner) ? Transfer.transferred(this.fencing.incrementAndGet(), false)
				: Transfer.refused();
	}

	@Override
	public void onRelease(Consumer<String> listener) {
	}

}
