package io.github.distlock.core;

import java.time.Duration;

/**
 * Builds the core objects that the {@code *InterleavingTests} drive, in one place: when their
 * constructors change (a clock and scheduler to pass in), only this class does.
 */
final class InterleavingFixtures {

	/** A lease no schedule outlives: a holding here ends by release or loss, never by time. */
	static final Duration LONG = Duration.ofHours(1);

	/** A deadline no schedule reaches: a waiter here leaves when interrupted, never by time. */
	static final long NO_DEADLINE = Long.MAX_VALUE;

	private static final LockSettings SETTINGS = LockSettings.watchdogLease(LONG);

	private InterleavingFixtures() {
	}

	static LockRequest request(String key) {
		return new LockRequest(key, LONG, false, null, System.nanoTime());
	}

	static LocalLock localLock() {
		return new LocalLock(Timing.SYSTEM);
	}

	/**
	 * A holding of {@code request} by the current thread, on a claim the store just granted with the
	 * given owner token: what {@code LockCoordinator} builds when its store call took the lock.
	 */
	static Holding holding(LocalLock local, Locker locker, LockRequest request, String owner) {
		long now = System.nanoTime();
		Claim claim = new Claim(request.key(), owner, local, locker, now, request.lease().toNanos());
		return new Holding(claim, request, Thread.currentThread(), now);
	}

	static ReleaseNotices releaseNotices() {
		return new ReleaseNotices(Timing.SYSTEM);
	}

	static LeaseKeeper leaseKeeper(Locker locker) {
		return new LeaseKeeper(locker, SETTINGS, new LeaseEvents(new LockStatistics().counter()),
				Timing.SYSTEM);
	}

	static DeferredReleases deferredReleases(Locker locker, LeaseKeeper keeper) {
		return new DeferredReleases(locker, keeper, Timing.SYSTEM);
	}

	static LockCoordinator coordinator(Locker locker) {
		return new LockCoordinator(locker, SETTINGS, new LockStatistics().counter(), false, "interleavings",
				Timing.SYSTEM);
	}

}
