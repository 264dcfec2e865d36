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

package io.github.distlock.memory;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Release;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;
import org.jspecify.annotations.Nullable;

/**
 * What a Redis server is to the Redis locker, in memory, shared by the
 * {@link InMemoryLocker}s of all simulated processes: keys that expire after their time
 * to live, named as in Redis; the four operations, each atomic and written line by line
 * as its Lua script; and a release channel per lock, with its subscribers counted per
 * process. Process ids and give-way windows come with each call, as script arguments do.
 */
final class InMemoryStore {

	private static final Duration FENCING_MEMORY = Duration.ofSeconds(1);

	private static final Duration RELEASED_MEMORY = Duration.ofSeconds(10);

	private static final int LEAST_PURGE_SIZE = 1024;

	private final Lock lock = new ReentrantLock();

	private final Map<String, Entry> keys = new HashMap<>();

	/**
	 * Per lock, the processes subscribed to its channel and how many subscriptions each
	 * has.
	 */
	private final Map<String, Map<Consumer<String>, Integer>> channels = new HashMap<>();

	private int purgeAtSize = LEAST_PURGE_SIZE;

	Acquisition acquire(String name, String owner, Duration lease, Duration willWait, String processId) {
		Keys keys = new Keys(name);
		return atomically(() -> {
			String holder = get(keys.lock);
			if (owner.equals(holder)) {
				return Acquisition.ACQUIRED;
			}
			if (holder == null && !processId.equals(get(keys.giveWay))) {
				set(keys.lock, owner, lease.toMillis());
				this.keys.remove(keys.giveWay);
				return Acquisition.ACQUIRED;
			}
			if (willWait.compareTo(Duration.ZERO) > 0) {
				markWaiting(keys.waiters, Math.max(1, willWait.toMillis()), processId);
			}
			long pttl = (get(keys.lock) != null) ? pttl(keys.lock) : pttl(keys.giveWay);
			return Acquisition.busy((pttl < 0) ? Duration.ZERO : Duration.ofMillis(Math.max(1, pttl)));
		});
	}

	private void markWaiting(String waiters, long wait, String processId) {
		String waiting = get(waiters);
		long ttl = pttl(waiters);
		String mark = (waiting == null || waiting.equals(processId)) ? processId : "*";
		if (!mark.equals(waiting) || ttl < wait) {
			set(waiters, mark, Math.max(ttl, wait));
		}
	}

	/**
	 * Releases, or gives way when {@code givingProcess} is not null, then publishes if
	 * someone waited.
	 */
	Release release(String name, String owner, @Nullable String givingProcess, Duration giveWay) {
		Keys keys = new Keys(name);
		Released released = atomically(() -> {
			String holder = get(keys.lock);
			if (holder == null || owner.equals(get(keys.released))) {
				return new Released(Release.GONE, List.of());
			}
			if (!holder.equals(owner)) {
				return new Released(Release.TAKEN, List.of());
			}
			this.keys.remove(keys.lock);
			String waiting = get(keys.waiters);
			if (waiting != null) {
				set(keys.released, owner, RELEASED_MEMORY.toMillis());
			}
			if (waiting != null && givingProcess != null && !givingProcess.equals(waiting)) {
				set(keys.giveWay, givingProcess, Math.min(giveWay.toMillis(), Math.max(1, pttl(keys.waiters))));
			}
			this.keys.remove(keys.waiters);
			return new Released(Release.RELEASED,
					(waiting != null) ? List.copyOf(this.channels.getOrDefault(name, Map.of()).keySet()) : List.of());
		});
		released.told.forEach((subscriber) -> subscriber.accept(name));
		return released.answer;
	}

	List<Renewal> renew(List<LeaseRequest> leases, String processId) {
		return atomically(() -> leases.stream().map((lease) -> {
			Keys keys = new Keys(lease.key());
			if (!lease.owner().equals(get(keys.lock))) {
				return Renewal.LOST;
			}
			set(keys.lock, lease.owner(), lease.lease().toMillis());
			String waiting = get(keys.waiters);
			return Renewal.renewed(waiting != null && !waiting.equals(processId));
		}).toList());
	}

	long fence(String name, String owner) {
		Keys keys = new Keys(name);
		return atomically(() -> {
			if (!owner.equals(get(keys.lock))) {
				return 0L;
			}
			long now = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
			String last = get(keys.fencing);
			long token = (last != null) ? Math.max(now, Long.parseLong(last) + 1) : now;
			set(keys.fencing, Long.toString(token), FENCING_MEMORY.toMillis());
			return token;
		});
	}

	/** The lock's owner and time to live, as {@code find.lua} reads them. */
	Optional<StoredLock> find(String name) {
		Keys keys = new Keys(name);
		return atomically(() -> {
			String owner = get(keys.lock);
			return (owner != null) ? Optional.of(new StoredLock(owner, Duration.ofMillis(pttl(keys.lock))))
					: Optional.empty();
		});
	}

	/**
	 * Every key left, with its time to live in milliseconds, as {@code SCAN} and
	 * {@code PTTL} tell.
	 */
	Map<String, Long> timesToLive() {
		return atomically(() -> {
			Map<String, Long> left = new HashMap<>();
			for (String key : List.copyOf(this.keys.keySet())) {
				if (get(key) != null) {
					left.put(key, pttl(key));
				}
			}
			return left;
		});
	}

	/** Forgets every key, as a Redis that restarted empty. */
	void clear() {
		atomically(() -> {
			this.keys.clear();
			return null;
		});
	}

	/**
	 * Subscribes a process's receiver to the lock's notices, told on the releasing
	 * thread, once per release.
	 */
	void subscribe(String name, Consumer<String> subscriber) {
		atomically(() -> this.channels.computeIfAbsent(name, (channel) -> new HashMap<>())
			.merge(subscriber, 1, Integer::sum));
	}

	/** Ends one subscription of the receiver to the lock's notices. */
	void unsubscribe(String name, Consumer<String> subscriber) {
		atomically(() -> this.channels.computeIfPresent(name, (channel, subscribers) -> {
			subscribers.computeIfPresent(subscriber, (receiver, count) -> (count == 1) ? null : count - 1);
			return subscribers.isEmpty() ? null : subscribers;
		}));
	}

	private <T> T atomically(Supplier<T> script) {
		this.lock.lock();
		try {
			return script.get();
		}
		finally {
			this.lock.unlock();
		}
	}

	private @Nullable String get(String key) {
		Entry entry = this.keys.get(key);
		if (entry != null && entry.expiresAt - System.nanoTime() <= 0) {
			this.keys.remove(key);
			return null;
		}
		return (entry != null) ? entry.value : null;
	}

	/**
	 * Sets a key with a time to live in whole milliseconds, at least one, as Redis takes
	 * it.
	 */
	private void set(String key, String value, long timeToLiveMillis) {
		long expiresAt = System.nanoTime() + Duration.ofMillis(Math.max(1, timeToLiveMillis)).toNanos();
		this.keys.put(key, new Entry(value, expiresAt));
		if (this.keys.size() >= this.purgeAtSize) {
			purgeExpired();
		}
	}

	/**
	 * Drops the keys whose time ran out, as Redis's active expiry does: a key nobody
	 * reads again (the fencing memory of a lock taken once) would otherwise stay for
	 * ever. Run when the store has doubled since the last purge, so its cost is spread
	 * over the writes.
	 */
	private void purgeExpired() {
		long now = System.nanoTime();
		this.keys.values().removeIf((entry) -> entry.expiresAt - now <= 0);
		this.purgeAtSize = Math.max(LEAST_PURGE_SIZE, this.keys.size() * 2);
	}

	/** How many keys the store keeps, expired ones not yet dropped included. */
	int size() {
		return atomically(this.keys::size);
	}

	/**
	 * The time to live left, as Redis's {@code PTTL}: {@code -2} when the key does not
	 * exist.
	 */
	@SuppressWarnings("NullAway") // get(key) != null says the key is there
	private long pttl(String key) {
		return (get(key) != null) ? Duration.ofNanos(this.keys.get(key).expiresAt - System.nanoTime()).toMillis() : -2;
	}

	private record Entry(String value, long expiresAt) {
	}

	private record Released(Release answer, List<Consumer<String>> told) {
	}

	/** A lock's keys, named as the Redis locker names them under an empty prefix. */
	private record Keys(String lock, String waiters, String giveWay, String fencing, String released) {

		Keys(String name) {
			this("{" + name + "}", "{" + name + "}:waiters", "{" + name + "}:giveway", "{" + name + "}:fencing",
					"{" + name + "}:released");
		}

	}

}
