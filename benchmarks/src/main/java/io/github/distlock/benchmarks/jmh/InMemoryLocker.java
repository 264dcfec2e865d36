package io.github.distlock.benchmarks.jmh;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.github.distlock.core.Acquisition;
import io.github.distlock.core.LeaseRequest;
import io.github.distlock.core.Locker;
import io.github.distlock.core.Release;
import io.github.distlock.core.ReleaseListener;
import io.github.distlock.core.Renewal;

/**
 * A lock store in memory, so a benchmark measures distlock's own per-call work without a
 * network round trip. Leases never run out and nobody else waits: one process, short runs.
 */
final class InMemoryLocker implements Locker {

	private final Map<String, String> owners = new ConcurrentHashMap<>();

	private final AtomicLong fencing = new AtomicLong();

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		String holder = this.owners.putIfAbsent(key, owner);
		return (holder == null || holder.equals(owner)) ? Acquisition.ACQUIRED : Acquisition.busy(Duration.ZERO);
	}

	@Override
	public Release release(String key, String owner) {
		if (this.owners.remove(key, owner)) {
			return Release.RELEASED;
		}
		return this.owners.containsKey(key) ? Release.TAKEN : Release.GONE;
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		return leases.stream()
			.map((lease) -> lease.owner().equals(this.owners.get(lease.key())) ? Renewal.RENEWED : Renewal.LOST)
			.toList();
	}

	@Override
	public long fence(String key, String owner) {
		return owner.equals(this.owners.get(key)) ? this.fencing.incrementAndGet() : 0;
	}

	@Override
	public void onRelease(ReleaseListener listener) {
	}

}
