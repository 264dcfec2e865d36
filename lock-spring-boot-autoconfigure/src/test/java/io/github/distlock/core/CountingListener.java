package io.github.distlock.core;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A listener of the {@code *InterleavingTests} that counts what it is told: views released, and
 * leases lost. Thread-safe.
 */
final class CountingListener implements LockListener {

	private final AtomicInteger released = new AtomicInteger();

	private final AtomicInteger leasesLost = new AtomicInteger();

	@Override
	public void released(String key, long hold, Duration held) {
		this.released.incrementAndGet();
	}

	@Override
	public void leaseLost(String key) {
		this.leasesLost.incrementAndGet();
	}

	int released() {
		return this.released.get();
	}

	int leasesLost() {
		return this.leasesLost.get();
	}

}
