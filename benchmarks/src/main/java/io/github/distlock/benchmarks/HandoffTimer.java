package io.github.distlock.benchmarks;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Measures lock hand-off: the time from a holder starting its release to the next holder
 * entering, in microseconds. Only holders of one lock may use one timer, so at most one
 * release is pending at a time.
 */
final class HandoffTimer {

	private static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(2);

	private final AtomicLong releaseStartedAt = new AtomicLong();

	private final Recorder recorder = new Recorder(HIGHEST_MICROS, 3);

	/** Called by the holder just before it releases. */
	void releasing() {
		this.releaseStartedAt.set(System.nanoTime());
	}

	/** Called by a holder just after its acquire returned. */
	void entered() {
		long now = System.nanoTime();
		long startedAt = this.releaseStartedAt.getAndSet(0);
		if (startedAt != 0) {
			this.recorder.recordValue(Math.min(HIGHEST_MICROS, Math.max(0, (now - startedAt) / 1_000)));
		}
	}

	/**
	 * Returns the hand-offs recorded since the previous call, and starts a new interval.
	 * @return the hand-off times in microseconds
	 */
	Histogram interval() {
		return this.recorder.getIntervalHistogram();
	}

}
