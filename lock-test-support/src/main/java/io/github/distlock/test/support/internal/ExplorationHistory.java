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

package io.github.distlock.test.support.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import io.github.distlock.LockHandle;

/**
 * The exploration's checks for a run on real threads and real time, against any store:
 * instants cannot be compared across threads as a simulation's can, so it keeps a history
 * and checks it afterwards. A holding found held right after it was taken and again right
 * before it was let go was surely held between the two readings (once not held, a holding
 * stays so); two such spans of one lock must not overlap, and their fencing tokens must
 * grow in their order.
 */
final class ExplorationHistory implements ExplorationObserver {

	private final long overrunBound;

	private final Map<LockHandle, Span> open = new IdentityHashMap<>();

	private final List<Span> spans = new ArrayList<>();

	private final List<String> failures = new ArrayList<>();

	/**
	 * @param overrunBound how much longer than its wait an acquisition may take
	 */
	ExplorationHistory(long overrunBound) {
		this.overrunBound = overrunBound;
	}

	@Override
	public Object startsWaiting(String key, long deadline, @Nullable ExploredProcess process, String who) {
		return key;
	}

	@Override
	public synchronized void stopsWaiting(Object waiting, long startedAt, long waitNanos, long pausedNanos,
			String who) {
		long took = System.nanoTime() - startedAt;
		if (took - waitNanos > this.overrunBound) {
			this.failures.add(who + " waited " + ExplorationTrace.millis(took) + " ms for a wait of "
					+ ExplorationTrace.millis(waitNanos) + " ms");
		}
	}

	@Override
	public void took(String key, LockHandle handle, String who) {
		if (handle.isHeld()) {
			Span span = new Span(key, who, System.nanoTime());
			synchronized (this) {
				this.open.put(handle, span);
			}
		}
	}

	@Override
	public synchronized void writes(String key, LockHandle handle, long token, boolean held, String who) {
		Span span = this.open.get(handle);
		if (span != null) {
			span.token = token;
		}
	}

	@Override
	public void releasing(String key, LockHandle handle, String who) {
		long before = System.nanoTime();
		boolean held = handle.isHeld();
		synchronized (this) {
			Span span = this.open.remove(handle);
			if (span != null && held) {
				span.surelyHeldUntil = before;
				this.spans.add(span);
			}
		}
	}

	/**
	 * The broken invariants: acquisitions past their waits, overlapping spans, tokens out
	 * of order.
	 */
	synchronized List<String> failures() {
		List<String> found = new ArrayList<>(this.failures);
		Map<String, List<Span>> byKey = new LinkedHashMap<>();
		this.spans.forEach((span) -> byKey.computeIfAbsent(span.key, (k) -> new ArrayList<>()).add(span));
		byKey.forEach((key, spans) -> {
			spans.sort(Comparator.comparingLong((Span span) -> span.surelyHeldFrom));
			for (int i = 1; i < spans.size(); i++) {
				Span before = spans.get(i - 1);
				Span after = spans.get(i);
				if (after.surelyHeldFrom - before.surelyHeldUntil < 0) {
					found.add("'" + key + "' was held by " + before.who + " and by " + after.who + " at once, for "
							+ ExplorationTrace.millis(before.surelyHeldUntil - after.surelyHeldFrom) + " ms");
				}
				if (before.token != 0 && after.token != 0 && after.token <= before.token) {
					found.add("'" + key + "' was held by " + after.who + " with fencing token " + after.token
							+ " after " + before.who + " held it with " + before.token);
				}
			}
		});
		return found;
	}

	/**
	 * How many spans of surely held locks the history has, to show the run did something.
	 */
	synchronized int spans() {
		return this.spans.size();
	}

	private static final class Span {

		private final String key;

		private final String who;

		private final long surelyHeldFrom;

		private long surelyHeldUntil;

		private long token;

		Span(String key, String who, long surelyHeldFrom) {
			this.key = key;
			this.who = who;
			this.surelyHeldFrom = surelyHeldFrom;
		}

	}

}
