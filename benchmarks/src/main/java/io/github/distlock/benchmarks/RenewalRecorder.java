/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.

 */

package io.github.distlock.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.ClaimLossListener;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.store.Renewal;

/**
 * A {@link Locker} that passes every call on and records, per lock, when it was taken and
 * when each renewal's answer came back. Renewal wave {@code k} is the {@code k}-th
 * renewal of every lock; the recorder tallies each wave's locks, the renew calls that
 * carried them (a call that carried renewals of several waves counts in each in
 * proportion) and the times of its first and last renewal; and the gaps between a lock's
 * renewals.
 */
final class RenewalRecorder implements Locker {

	private final Locker locker;

	private final Map<String, LockTimes> locks = new ConcurrentHashMap<>();

	/** Guarded by {@code this}, as are {@link #gapMicros} and {@link #lost}. */
	private final List<Tally> waves = new ArrayList<>();

	private final Histogram gapMicros = new Histogram(TimeUnit.MINUTES.toMicros(10), 3);

	private long lost;

	RenewalRecorder(Locker locker) {
		this.locker = locker;
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		Acquisition acquisition = this.locker.tryAcquire(key, owner, lease, willWait);
		if (acquisition.acquired()) {
			this.locks.put(key, new LockTimes(System.nanoTime()));
		}
		return acquisition;
	}

	@Override
	public Release release(String key, String owner) {
		return this.locker.release(key, owner);
	}

	@Override
	public Release giveWay(String key, String owner) {
		return this.locker.giveWay(key, owner);
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		List<Renewal> renewals = this.locker.renew(leases);
		record(leases, renewals, System.nanoTime());
		return renewals;
	}

	@Override
	public long fence(String key, String owner) {
		return this.locker.fence(key, owner);
	}

	@Override
	public void onRelease(ReleaseListener listener) {
		this.locker.onRelease(listener);
	}

	@Override
	public void onClaimLost(ClaimLossListener listener) {
		this.locker.onClaimLost(listener);
	}

	@Override
	public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		return this.locker.subscribe(key, confirmWithin);
	}

	@Override
	public boolean sendsReleaseNotices() {
		return this.locker.sendsReleaseNotices();
	}

	@Override
	public boolean releaseNoticesActive() {
		return this.locker.releaseNoticesActive();
	}

	@Override
	public boolean keepsClaims() {
		return this.locker.keepsClaims();
	}

	private synchronized void record(List<LeaseRequest> leases, List<Renewal> renewals, long now) {
		double shareOfCall = 1.0 / leases.size();
		for (int i = 0; i < leases.size(); i++) {
			LockTimes lock = this.locks.get(leases.get(i).key());
			if (!renewals.get(i).renewed()) {
				this.lost++;
				continue;
			}
			this.gapMicros.recordValue(Math.min(this.gapMicros.getHighestTrackableValue(), (now - lock.last) / 1_000));
			lock.last = now;
			wave(++lock.renewals).add(now, shareOfCall);
		}
	}

	private Tally wave(int number) {
		while (this.waves.size() < number) {
			this.waves.add(new Tally());
		}
		return this.waves.get(number - 1);
	}

	/**
	 * Returns the waves that renewed every lock taken.
	 * @return the complete waves, in order
	 */
	synchronized List<Wave> completeWaves() {
		List<Wave> complete = new ArrayList<>();
		for (int i = 0; i < this.waves.size(); i++) {
			Tally wave = this.waves.get(i);
			if (wave.locks == this.locks.size()) {
				complete.add(new Wave(i + 1, wave.locks, wave.calls, wave.first, wave.last));
			}
		}
		return complete;
	}

	/**
	 * Returns the times locks went without a renewal: from being taken to their first
	 * renewal and between two renewals; and the longest, which also counts the time from
	 * a lock's last renewal until {@code now}.
	 * @param now the end of the hold, in {@link System#nanoTime()}
	 * @return the gaps
	 */
	synchronized Gaps gaps(long now) {
		long sinceLast = this.locks.values().stream().mapToLong((lock) -> now - lock.last).max().orElse(0);
		return new Gaps(this.gapMicros.getValueAtPercentile(50) / 1e6, this.gapMicros.getValueAtPercentile(99) / 1e6,
				Math.max(this.gapMicros.getMaxValue() / 1e6, sinceLast / 1e9));
	}

	/**
	 * Returns how many renewals found their lock no longer held by its owner.
	 * @return the lost renewals
	 */
	synchronized long lost() {
		return this.lost;
	}

	/** When one lock was last taken or renewed, and how often it was renewed. */
	private static final class LockTimes {

		long last;

		int renewals;

		LockTimes(long takenAt) {
			this.last = takenAt;
		}

	}

	/** One wave being counted. */
	private static final class Tally {

		long locks;

		double calls;

		long first;

		long last;

		void add(long now, double shareOfCall) {
			this.first = (this.locks == 0) ? now : this.first;
			this.last = now;
			this.locks++;
			this.calls += shareOfCall;
		}

	}

	/**
	 * One renewal wave: the {@code number}-th renewal of every lock.
	 *
	 * @param number the wave's number, from 1
	 * @param locks locks it renewed
	 * @param calls renew calls (one script each on a single Redis) that carried its
	 * renewals, a call shared with other waves counting in proportion
	 * @param first when its first renewal's answer came back, in
	 * {@link System#nanoTime()}
	 * @param last when its last renewal's answer came back
	 */
	record Wave(int number, long locks, double calls, long first, long last) {

		double millis() {
			return (this.last - this.first) / 1e6;
		}

		double locksPerCall() {
			return (this.calls > 0) ? (double) this.locks / this.calls : 0;
		}

	}

	/**
	 * How long locks went without a renewal.
	 *
	 * @param p50Seconds the median gap between two renewals of a lock (or its taking and
	 * its first)
	 * @param p99Seconds the 99th percentile gap
	 * @param maxSeconds the longest gap, the time since the last renewal at the end
	 * included
	 */
	record Gaps(double p50Seconds, double p99Seconds, double maxSeconds) {

	}

}
