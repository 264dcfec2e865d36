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

package io.github.distlock.redis;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one {@link ChaosContenderProcess} did and saw, by name, for its report to the
 * test. Names of sections done carry the lock key ({@code sections:k0}).
 */
final class ContenderTally {

	/** Sections whose fenced write was accepted: read, incremented and written back. */
	static final String SECTIONS = "sections";

	/** Attempts whose wait ran out while another holder kept the lock. */
	static final String BUSY = "busy";

	/**
	 * Attempts that failed with a {@code LockStoreException}: Redis was unreachable or
	 * slow.
	 */
	static final String STORE_FAILED = "store-failed";

	/** Holdings that could not get a fencing token, so their section did not run. */
	static final String NO_TOKEN = "no-token";

	/**
	 * Sections refused by the data server whose holder had lost its lease: the fence at
	 * work.
	 */
	static final String FENCED = "fenced";

	/**
	 * Sections refused by the data server although their holder still held the lock:
	 * never.
	 */
	static final String REFUSED_WHILE_HELD = "refused-while-held";

	/** Holdings whose {@code isHeld()} was false at the end of their section. */
	static final String LOST_LEASES = "lost-leases";

	/** Watchdog holdings kept longer than their lease. */
	static final String LONG_HOLDS = "long-holds";

	/** Keys taken once faults stopped, and keys that could not be. */
	static final String FINAL_DONE = "final-done";

	static final String FINAL_MISSED = "final-missed";

	/** The lock template's own statistics. */
	static final String STATISTICS_LEASES_LOST = "statistics-leases-lost";

	static final String STATISTICS_RELEASES_FAILED = "statistics-releases-failed";

	private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

	static String sections(String key) {
		return SECTIONS + ":" + key;
	}

	void add(String name) {
		add(name, 1);
	}

	void add(String name, long count) {
		this.counts.computeIfAbsent(name, (ignored) -> new LongAdder()).add(count);
	}

	Map<String, Long> counts() {
		Map<String, Long> counts = new TreeMap<>();
		this.counts.forEach((name, count) -> counts.put(name, count.sum()));
		return counts;
	}

}
