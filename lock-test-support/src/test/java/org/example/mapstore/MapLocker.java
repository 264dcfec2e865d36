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

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;
import org.example.mapstore.LockEntry.Timed;
import org.jspecify.annotations.Nullable;

/**
 * A lock store over a {@link ConcurrentHashMap}, written against distlock's store SPI
 * alone, as a store of another project would be. Each operation is one
 * {@link ConcurrentHashMap#compute} of the lock's {@link LockEntry}, so it is atomic and
 * compares owner tokens whole; leases are counted by {@link System#nanoTime()}; an
 * operation run twice answers alike (a second fencing token is larger), as a client that
 * sends a command again makes it run twice.
 *
 * <p>
 * Each instance is one process; {@link #otherProcess()} is another process on the same
 * map, told apart by {@link Locker#processOf}. The store sends no release notices, so the
 * core's waiters look again every {@link Locker#LOOK_AGAIN_WITHOUT_NOTICES}, and a lock
 * given way is left to other processes for longer than that. Thread-safe.
 */
public final class MapLocker implements Locker {

	/**
	 * Longer than the time between two looks of a waiter, so that every waiter looks
	 * within it.
	 */
	static final Duration GIVE_WAY = LOOK_AGAIN_WITHOUT_NOTICES.plusMillis(50);

	/** Longer than a client would take to send a release again whose answer it lost. */
	private static final Duration RELEASE_MEMORY = Duration.ofSeconds(10);

	/** Long enough that the clock is then surely past every token minted for the lock. */
	private static final Duration FENCING_MEMORY = Duration.ofSeconds(1);

	/** The least size of the map at which it is swept. */
	static final int LEAST_SWEEP_SIZE = 1024;

	private final ConcurrentMap<String, LockEntry> entries;

	private final Duration giveWay;

	/**
	 * Tells this process's owner tokens from others' when they carry no process of their
	 * own.
	 */
	private final String processId = UUID.randomUUID().toString();

	private volatile int sweepAtSize = LEAST_SWEEP_SIZE;

	/** Creates a process on a new, empty map. */
	public MapLocker() {
		this(new ConcurrentHashMap<>(), GIVE_WAY);
	}

	/**
	 * Creates a process on a map shared with other processes.
	 * @param entries the map
	 * @param giveWay how long a lock this process gives way is left to other processes'
	 * waiters
	 */
	MapLocker(ConcurrentMap<String, LockEntry> entries, Duration giveWay) {
		this.entries = entries;
		this.giveWay = giveWay;
	}

	/**
	 * Returns another process on the same map.
	 * @return the other process's locker
	 */
	public MapLocker otherProcess() {
		return new MapLocker(this.entries, this.giveWay);
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		String process = processOf(owner);
		Acquisition acquisition = update(key, (entry, now) -> {
			if (entry.heldBy(owner)) {
				return step(entry, Acquisition.ACQUIRED);
			}
			if (entry.freeFor(process)) {
				return step(entry.takenBy(owner, now + lease.toNanos()), Acquisition.ACQUIRED);
			}
			LockEntry awaited = (willWait.compareTo(Duration.ZERO) > 0)
					? entry.awaitedBy(process, now + willWait.toNanos()) : entry;
			return step(awaited, Acquisition.busy(Duration.ofNanos(entry.busyUntil() - now)));
		});
		sweepWhenGrown();
		return acquisition;
	}

	// tag::release[]
	@Override
	public Release release(String key, String owner) {
		return release(key, owner, null);
	}

	/**
	 * Leaves the lock to another process's waiters, if one waits, for the give-way or
	 * their wait.
	 */
	@Override
	public Release giveWay(String key, String owner) {
		return release(key, owner, processOf(owner));
	}

	private Release release(String key, String owner, @Nullable String giver) {
		return update(key, (entry, now) -> {
			if (!entry.heldBy(owner)) {
				// Taken by another owner after this one released it: the same release,
				// sent again, is GONE.
				boolean gone = entry.holder() == null || entry.lastReleasedBy(owner);
				return step(entry, gone ? Release.GONE : Release.TAKEN);
			}
			return step(entry.released(now + RELEASE_MEMORY.toNanos(), givenWay(entry, giver, now)), Release.RELEASED);
		});
	}
	// end::release[]

	/**
	 * The giver, if another process waits: it may not take the lock again until the
	 * give-way or the wait ends.
	 */
	private @Nullable Timed<String> givenWay(LockEntry entry, @Nullable String giver, long now) {
		if (giver == null || !entry.awaitedByOtherThan(giver)) {
			return null;
		}
		return new Timed<>(giver, now + Math.min(this.giveWay.toNanos(), entry.waiting().until() - now));
	}

	/** Renews each lock on its own: a map has no round trips to save. */
	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		return leases.stream().map(this::renew).toList();
	}

	private Renewal renew(LeaseRequest request) {
		return update(request.key(), (entry, now) -> {
			if (!entry.heldBy(request.owner())) {
				return step(entry, Renewal.LOST);
			}
			boolean othersWaiting = entry.awaitedByOtherThan(processOf(request.owner()));
			return step(entry.renewedUntil(now + request.lease().toNanos()), Renewal.renewed(othersWaiting));
		});
	}

	/**
	 * Mints the clock's microseconds, or one more than the lock's last token: the clock
	 * keeps the tokens growing when the map is lost (a restart), and the last token when
	 * two come in one microsecond.
	 */
	@Override
	public long fence(String key, String owner) {
		return update(key, (entry, now) -> {
			if (!entry.heldBy(owner)) {
				return step(entry, 0L);
			}
			long token = Math.max(ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()), entry.lastToken() + 1);
			return step(entry.fenced(token, now + FENCING_MEMORY.toNanos()), token);
		});
	}

	@Override
	public Optional<StoredLock> find(String key) {
		long now = System.nanoTime();
		Timed<String> holder = LockEntry.live(this.entries.get(key), now).holder();
		return Optional.ofNullable(holder)
			.map((held) -> new StoredLock(held.value(), Duration.ofNanos(held.until() - now)));
	}

	private String processOf(String owner) {
		return Locker.processOf(owner, this.processId);
	}

	/**
	 * Runs one operation atomically on the lock's live entry, and drops the entry once it
	 * is empty.
	 */
	private <T> T update(String key, Operation<T> operation) {
		AtomicReference<T> answer = new AtomicReference<>();
		this.entries.compute(key, (name, stored) -> {
			long now = System.nanoTime();
			Step<T> step = operation.apply(LockEntry.live(stored, now), now);
			answer.set(step.answer());
			return step.entry().isEmpty() ? null : step.entry();
		});
		return answer.get();
	}

	/**
	 * Drops the entries whose every part ran out, once the map has doubled since the last
	 * sweep, as a store's own expiry would: a lock taken once and never again would
	 * otherwise stay.
	 */
	private void sweepWhenGrown() {
		if (this.entries.size() < this.sweepAtSize) {
			return;
		}
		long now = System.nanoTime();
		this.entries.forEach((key, entry) -> {
			if (LockEntry.live(entry, now).isEmpty()) {
				this.entries.remove(key, entry);
			}
		});
		this.sweepAtSize = Math.max(LEAST_SWEEP_SIZE, this.entries.size() * 2);
	}

	private static <T> Step<T> step(LockEntry entry, T answer) {
		return new Step<>(entry, answer);
	}

	/**
	 * One operation on a lock's live entry, at {@code now} by {@link System#nanoTime()}.
	 */
	@FunctionalInterface
	private interface Operation<T> {

		Step<T> apply(LockEntry entry, long now);

	}

	/** An operation's outcome: the lock's entry after it, and its answer. */
	private record Step<T>(LockEntry entry, T answer) {
	}

}
