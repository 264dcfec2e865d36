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

package org.example.mapstore;

import org.jspecify.annotations.Nullable;

/**
 * One lock's state in a {@link MapLocker}'s map, replaced whole by each operation so that
 * the operation is atomic. Each part lasts until its own {@link System#nanoTime()}, and a
 * part whose time ran out is as good as gone ({@link #live}); once every part has, the
 * entry leaves the map.
 *
 * @param holder the owner token that holds the lock, until its lease runs out
 * @param waiting the process that waits for it ({@link #SEVERAL_PROCESSES} when more than
 * one), until the longest of their waits ends
 * @param givenWayBy the process that gave it way, which may not take it again until then
 * @param releasedBy the owner that released it last, remembered so that the same release
 * sent again answers {@code GONE} even after another owner took the lock
 * @param fenced the last fencing token minted for it, remembered until the clock is
 * surely past it
 */
record LockEntry(@Nullable Timed<String> holder, @Nullable Timed<String> waiting, @Nullable Timed<String> givenWayBy,
		@Nullable Timed<String> releasedBy, @Nullable Timed<Long> fenced) {

	/** The waiting mark of a lock that processes of more than one kind wait for. */
	static final String SEVERAL_PROCESSES = "*";

	/** The state of a lock that the map does not hold. */
	static final LockEntry NONE = new LockEntry(null, null, null, null, null);

	/**
	 * Returns the parts of a stored entry that still last at {@code now}.
	 * @param stored the entry in the map, or {@code null}
	 * @param now the time, by {@link System#nanoTime()}
	 * @return the entry without its ended parts
	 */
	static LockEntry live(@Nullable LockEntry stored, long now) {
		return (stored != null) ? new LockEntry(live(stored.holder, now), live(stored.waiting, now),
				live(stored.givenWayBy, now), live(stored.releasedBy, now), live(stored.fenced, now)) : NONE;
	}

	private static <T> @Nullable Timed<T> live(@Nullable Timed<T> part, long now) {
		return (part != null && part.until() - now > 0) ? part : null;
	}

	boolean isEmpty() {
		return equals(NONE);
	}

	boolean heldBy(String owner) {
		return this.holder != null && this.holder.value().equals(owner);
	}

	boolean lastReleasedBy(String owner) {
		return this.releasedBy != null && this.releasedBy.value().equals(owner);
	}

	/**
	 * Free for {@code process}: nobody holds it, and it was not given way by that
	 * process.
	 */
	boolean freeFor(String process) {
		return this.holder == null && (this.givenWayBy == null || !this.givenWayBy.value().equals(process));
	}

	boolean awaitedByOtherThan(String process) {
		return this.waiting != null && !this.waiting.value().equals(process);
	}

	/**
	 * When a lock not {@linkplain #freeFor free} frees: the end of its lease, or of its
	 * give-way.
	 */
	long busyUntil() {
		Timed<String> busy = (this.holder != null) ? this.holder : this.givenWayBy;
		return (busy != null) ? busy.until() : Long.MIN_VALUE;
	}

	long lastToken() {
		return (this.fenced != null) ? this.fenced.value() : 0;
	}

	/** Taken by {@code owner}: a give-way ends once someone took the lock. */
	LockEntry takenBy(String owner, long until) {
		return new LockEntry(new Timed<>(owner, until), this.waiting, null, this.releasedBy, this.fenced);
	}

	/** Its holder's lease set anew, counted from now. */
	LockEntry renewedUntil(long until) {
		return new LockEntry(new Timed<>(this.holder.value(), until), this.waiting, this.givenWayBy, this.releasedBy,
				this.fenced);
	}

	/** Awaited by {@code process} too, until the longest wait ends. */
	LockEntry awaitedBy(String process, long until) {
		if (this.waiting == null) {
			return withWaiting(new Timed<>(process, until));
		}
		String waiters = this.waiting.value().equals(process) ? process : SEVERAL_PROCESSES;
		return withWaiting(new Timed<>(waiters, (until - this.waiting.until() > 0) ? until : this.waiting.until()));
	}

	private LockEntry withWaiting(Timed<String> waiting) {
		return new LockEntry(this.holder, waiting, this.givenWayBy, this.releasedBy, this.fenced);
	}

	/**
	 * Released by its holder: the waiters, told by no notice, mark themselves again when
	 * they look; the release is remembered until {@code rememberedUntil}.
	 */
	LockEntry released(long rememberedUntil, @Nullable Timed<String> givenWayBy) {
		return new LockEntry(null, null, givenWayBy, new Timed<>(this.holder.value(), rememberedUntil), this.fenced);
	}

	LockEntry fenced(long token, long rememberedUntil) {
		return new LockEntry(this.holder, this.waiting, this.givenWayBy, this.releasedBy,
				new Timed<>(token, rememberedUntil));
	}

	/**
	 * A value that lasts until a time.
	 *
	 * @param <T> the value's type
	 * @param value the value
	 * @param until when it ends, by {@link System#nanoTime()}
	 */
	record Timed<T>(T value, long until) {
	}

}
