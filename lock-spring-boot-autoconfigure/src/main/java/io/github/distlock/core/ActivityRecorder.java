package io.github.distlock.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Gathers the {@link LockActivity} of this process from each key's {@link LocalLock}, turning the
 * {@link Timing#nanoTime()} values they keep into instants by one reading of both clocks.
 */
final class ActivityRecorder {

	private final Instant wallClockNow = Instant.now();

	private final long nanoTimeNow;

	/** @param nanoTimeNow the process's monotonic time now, read with the wall clock */
	ActivityRecorder(long nanoTimeNow) {
		this.nanoTimeNow = nanoTimeNow;
	}

	private final List<LockActivity.Held> held = new ArrayList<>();

	private final List<LockActivity.Waiting> waiting = new ArrayList<>();

	void held(Holding holding) {
		long token = holding.mintedFencingToken();
		this.held.add(new LockActivity.Held(holding.key(), instant(holding.startedAt()), holding.remainingLease(),
				holding.request().watchdog(), (token != 0) ? token : null, nameOf(holding.thread())));
	}

	void waiting(String key, Thread thread, long since, boolean atStore) {
		this.waiting.add(new LockActivity.Waiting(key, instant(since), thread.getName(), atStore));
	}

	LockActivity activity() {
		this.held.sort(Comparator.comparing(LockActivity.Held::key).thenComparing(LockActivity.Held::since));
		this.waiting.sort(Comparator.comparing(LockActivity.Waiting::key).thenComparing(LockActivity.Waiting::since));
		return new LockActivity(List.copyOf(this.held), List.copyOf(this.waiting));
	}

	private Instant instant(long nanoTime) {
		return this.wallClockNow.minusNanos(this.nanoTimeNow - nanoTime);
	}

	private static @Nullable String nameOf(@Nullable Thread thread) {
		return (thread != null) ? thread.getName() : null;
	}

}
