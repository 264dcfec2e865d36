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

package io.github.distlock.sample.sale;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.jspecify.annotations.Nullable;

/**
 * Counts the outcomes of a sale's purchases and records their latencies, from any thread,
 * while others take snapshots.
 */
final class SaleCounters {

	private static final int SIGNIFICANT_DIGITS = 3;

	private final Map<PurchaseOutcome, LongAdder> outcomes = new EnumMap<>(PurchaseOutcome.class);

	private final Set<Long> succeededUsers = ConcurrentHashMap.newKeySet();

	/** Latencies in microseconds, recorded without locking. */
	private final Recorder latencies = new Recorder(SIGNIFICANT_DIGITS);

	/** Every latency taken from the recorder so far; guarded by {@link #snapshotLock}. */
	private final Histogram accumulated = new Histogram(SIGNIFICANT_DIGITS);

	private final ReentrantLock snapshotLock = new ReentrantLock();

	private volatile @Nullable String lastError;

	SaleCounters() {
		for (PurchaseOutcome outcome : PurchaseOutcome.values()) {
			this.outcomes.put(outcome, new LongAdder());
		}
	}

	@SuppressWarnings("NullAway") // the constructor puts a counter for every outcome
	void record(long userId, PurchaseOutcome outcome, Duration latency) {
		this.latencies.recordValue(Math.max(1, TimeUnit.NANOSECONDS.toMicros(latency.toNanos())));
		if (outcome == PurchaseOutcome.SUCCEEDED) {
			this.succeededUsers.add(userId);
		}
		this.outcomes.get(outcome).increment();
	}

	void recordError(long userId, String description, Duration latency) {
		this.lastError = "user " + userId + ": " + description;
		record(userId, PurchaseOutcome.ERROR, latency);
	}

	SaleProgress snapshot(int buyers, Duration elapsed) {
		this.snapshotLock.lock();
		try {
			this.accumulated.add(this.latencies.getIntervalHistogram());
			return new SaleProgress(buyers, done(), count(PurchaseOutcome.SUCCEEDED), count(PurchaseOutcome.SOLD_OUT),
					count(PurchaseOutcome.ALREADY_BOUGHT), count(PurchaseOutcome.BUSY), count(PurchaseOutcome.ERROR),
					this.succeededUsers.size(), elapsed, percentileMs(50), percentileMs(99), this.lastError);
		}
		finally {
			this.snapshotLock.unlock();
		}
	}

	private long done() {
		return this.outcomes.values().stream().mapToLong(LongAdder::sum).sum();
	}

	@SuppressWarnings("NullAway") // the constructor puts a counter for every outcome
	private long count(PurchaseOutcome outcome) {
		return this.outcomes.get(outcome).sum();
	}

	private double percentileMs(double percentile) {
		return (this.accumulated.getTotalCount() > 0) ? this.accumulated.getValueAtPercentile(percentile) / 1000.0 : 0;
	}

}
