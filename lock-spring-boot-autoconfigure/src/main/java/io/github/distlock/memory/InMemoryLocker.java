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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.github.distlock.store.Acquisition;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;

/**
 * A {@link Locker} that keeps locks in this JVM's memory, with the same semantics as the
 * Redis locker in everything the store contract test checks: owner tokens, leases that
 * run out, waiters markers, give-ways, release notices and fencing tokens that keep
 * growing after {@link #clear()}. It is meant for tests, and for an application that runs
 * as one instance.
 *
 * <p>
 * Each instance stands for one JVM on a store of its own; {@link #otherProcess()} returns
 * another JVM on the same store, so a test can play two instances of an application.
 * Release notices reach the instances subscribed to the lock, on the releasing thread
 * before {@code release} answers, which is one of the orders Redis allows. Thread-safe.
 *
 * @since 0.1.0
 */
public final class InMemoryLocker implements Locker {

	/**
	 * How long a lock given way is left to other processes' waiters, as in the Redis
	 * locker.
	 */
	public static final Duration GIVE_WAY = Duration.ofMillis(100);

	private final InMemoryStore store;

	private final Duration giveWay;

	private final String processId = UUID.randomUUID().toString();

	private final List<ReleaseListener> listeners = new CopyOnWriteArrayList<>();

	/** Creates a process on a new, empty store that gives way for {@link #GIVE_WAY}. */
	public InMemoryLocker() {
		this(GIVE_WAY);
	}

	/**
	 * Creates a process on a new, empty store.
	 * @param giveWay how long a lock this process gives way is left to other processes'
	 * waiters
	 */
	public InMemoryLocker(Duration giveWay) {
		this(new InMemoryStore(), giveWay);
	}

	/**
	 * This process's receiver of notices, one object so that the store counts its
	 * subscriptions.
	 */
	private final Consumer<String> receiver = this::notice;

	private InMemoryLocker(InMemoryStore store, Duration giveWay) {
		this.store = store;
		this.giveWay = giveWay;
	}

	/**
	 * Returns another process on the same store, giving way as long as this one.
	 * @return the other process's locker
	 */
	public InMemoryLocker otherProcess() {
		return otherProcess(this.giveWay);
	}

	/**
	 * Returns another process on the same store.
	 * @param giveWay how long a lock that process gives way is left to other processes'
	 * waiters
	 * @return the other process's locker
	 */
	public InMemoryLocker otherProcess(Duration giveWay) {
		return new InMemoryLocker(this.store, giveWay);
	}

	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		return this.store.acquire(key, owner, lease, willWait, Locker.processOf(owner, this.processId));
	}

	@Override
	public Release release(String key, String owner) {
		return this.store.release(key, owner, null, this.giveWay);
	}

	@Override
	public Release giveWay(String key, String owner) {
		return this.store.release(key, owner, Locker.processOf(owner, this.processId), this.giveWay);
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		// A batch comes from one template's lease keeper: its process.
		String process = leases.isEmpty() ? this.processId : Locker.processOf(leases.get(0).owner(), this.processId);
		return this.store.renew(leases, process);
	}

	@Override
	public long fence(String key, String owner) {
		return this.store.fence(key, owner);
	}

	@Override
	public Optional<StoredLock> find(String key) {
		return this.store.find(key);
	}

	@Override
	public boolean sendsReleaseNotices() {
		return true;
	}

	@Override
	public void onRelease(ReleaseListener listener) {
		this.listeners.add(listener);
	}

	/**
	 * Subscribes at once: the store is in this JVM, so the subscription is active until
	 * closed.
	 */
	@Override
	public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		this.store.subscribe(key, this.receiver);
		AtomicBoolean open = new AtomicBoolean(true);
		return new ReleaseSubscription() {

			@Override
			public boolean isActive() {
				return open.get();
			}

			@Override
			public void close() {
				if (open.getAndSet(false)) {
					InMemoryLocker.this.store.unsubscribe(key, InMemoryLocker.this.receiver);
				}
			}

		};
	}

	/**
	 * Drops every lock, marker and fencing memory of the store, as a Redis that restarted
	 * empty.
	 */
	public void clear() {
		this.store.clear();
	}

	/**
	 * Returns every key the store holds, named as in Redis under an empty prefix.
	 * @return the time to live of each key, in milliseconds
	 */
	public Map<String, Long> timesToLive() {
		return this.store.timesToLive();
	}

	private void notice(String key) {
		this.listeners.forEach((listener) -> listener.released(key));
	}

}
