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

package io.github.distlock.test.support;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.store.Acquisition;
import io.github.distlock.store.ClaimLossListener;
import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Release;
import io.github.distlock.store.ReleaseListener;
import io.github.distlock.store.ReleaseSubscription;
import io.github.distlock.store.Renewal;
import io.github.distlock.store.StoredLock;

/**
 * An {@link InMemoryLocker} with test hooks, per process: {@link #before} and
 * {@link #after} an operation ({@code acquire}, {@code release} (give-ways included),
 * {@code renew}, {@code fence}), {@link #calls}, {@link #setReleaseNoticesActive} and
 * {@link #loseClaim}. Thread-safe.
 */
public final class FaultInjectingLocker implements Locker {

	private static final Set<String> OPERATIONS = Set.of("acquire", "release", "renew", "fence", "find");

	private final InMemoryLocker locker;

	private final List<ReleaseListener> listeners = new CopyOnWriteArrayList<>();

	private final List<ClaimLossListener> claimLossListeners = new CopyOnWriteArrayList<>();

	private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();

	private final Map<String, Runnable> before = new ConcurrentHashMap<>();

	private final Map<String, Runnable> after = new ConcurrentHashMap<>();

	private volatile boolean releaseNoticesActive = true;

	private volatile boolean sendsReleaseNotices = true;

	private volatile boolean keepsClaims = true;

	/** The locks subscribed, with their open subscriptions. */
	private final Map<String, Integer> subscribed = new ConcurrentHashMap<>();

	/**
	 * Wraps a process of an in-memory store.
	 * @param locker the process whose calls to watch and disturb
	 */
	public FaultInjectingLocker(InMemoryLocker locker) {
		this.locker = locker;
	}

	/**
	 * Tells, as a store that connects or loads a script first would, when the store was
	 * sent the acquire.
	 */
	@Override
	public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
		long called = System.nanoTime();
		return call("acquire", () -> {
			Duration askedAfter = Duration.ofNanos(System.nanoTime() - called);
			Acquisition acquisition = this.locker.tryAcquire(key, owner, lease, willWait);
			return acquisition.acquired() ? Acquisition.acquiredAfter(askedAfter) : acquisition;
		});
	}

	@Override
	public Release release(String key, String owner) {
		return call("release", () -> this.locker.release(key, owner));
	}

	@Override
	public Release giveWay(String key, String owner) {
		return call("release", () -> this.locker.giveWay(key, owner));
	}

	@Override
	public List<Renewal> renew(List<LeaseRequest> leases) {
		return call("renew", () -> this.locker.renew(leases));
	}

	@Override
	public Optional<StoredLock> find(String key) {
		return call("find", () -> this.locker.find(key));
	}

	@Override
	public long fence(String key, String owner) {
		return call("fence", () -> this.locker.fence(key, owner));
	}

	@Override
	public void onRelease(ReleaseListener listener) {
		this.listeners.add(listener);
		this.locker.onRelease((key) -> {
			if (this.releaseNoticesActive) {
				listener.released(key);
			}
		});
	}

	@Override
	public void onClaimLost(ClaimLossListener listener) {
		this.claimLossListeners.add(listener);
	}

	/**
	 * Ends the lock's claim in the store on its own, as a ZooKeeper session that ends
	 * does: deletes it and tells the claim loss listeners.
	 * @param key the lock, which must be held
	 */
	public void loseClaim(String key) {
		String owner = this.locker.find(key)
			.orElseThrow(() -> new IllegalStateException("'" + key + "' is not held"))
			.owner();
		this.locker.release(key, owner);
		this.claimLossListeners.forEach((listener) -> listener.claimLost(key, owner));
	}

	@Override
	public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
		ReleaseSubscription subscription = this.locker.subscribe(key, confirmWithin);
		this.subscribed.merge(key, 1, Integer::sum);
		return new ReleaseSubscription() {

			@Override
			public boolean isActive() {
				return subscription.isActive() && FaultInjectingLocker.this.releaseNoticesActive;
			}

			@Override
			public void close() {
				FaultInjectingLocker.this.subscribed.computeIfPresent(key,
						(k, count) -> (count == 1) ? null : count - 1);
				subscription.close();
			}

		};
	}

	@Override
	public boolean sendsReleaseNotices() {
		return this.sendsReleaseNotices;
	}

	/**
	 * Makes the store one that sends no release notices at all, as a database without a
	 * way to push them; also makes its notices inactive.
	 */
	public void sendNoReleaseNotices() {
		this.sendsReleaseNotices = false;
		this.releaseNoticesActive = false;
	}

	@Override
	public boolean releaseNoticesActive() {
		return this.releaseNoticesActive;
	}

	@Override
	public boolean keepsClaims() {
		return this.keepsClaims && this.locker.keepsClaims();
	}

	/**
	 * Sets whether the store vouches for this process's claims, as a ZooKeeper locker
	 * does while its session is proven: while it does not, no holding of this process
	 * counts as held.
	 * @param keepsClaims whether claims are surely kept
	 */
	public void setKeepsClaims(boolean keepsClaims) {
		this.keepsClaims = keepsClaims;
	}

	/**
	 * Sets whether this process gets release notices; while it does not, they are
	 * dropped. Turned on again, they resume as subscriptions that are back do: listeners
	 * are told, for every lock subscribed.
	 * @param active whether notices are delivered
	 */
	public void setReleaseNoticesActive(boolean active) {
		boolean resumed = active && !this.releaseNoticesActive;
		this.releaseNoticesActive = active;
		if (resumed) {
			this.subscribed.keySet()
				.forEach((key) -> this.listeners.forEach((listener) -> listener.noticesResumed(key)));
		}
	}

	/**
	 * Runs {@code behaviour} before every call of an operation, before the store sees it;
	 * it may sleep, throw, or block on a latch.
	 * @param operation {@code acquire}, {@code release}, {@code renew}, {@code fence} or
	 * {@code find}
	 * @param behaviour what to run
	 */
	public void before(String operation, Runnable behaviour) {
		this.before.put(checked(operation), behaviour);
	}

	/**
	 * Runs {@code behaviour} after the store applied an operation, before it answers: a
	 * failure there is a reply lost on the way back.
	 * @param operation {@code acquire}, {@code release}, {@code renew}, {@code fence} or
	 * {@code find}
	 * @param behaviour what to run
	 */
	public void after(String operation, Runnable behaviour) {
		this.after.put(checked(operation), behaviour);
	}

	/**
	 * Returns how many subscriptions to the lock's notices this process has open.
	 * @param key the lock
	 * @return the open subscriptions
	 */
	public int subscriptions(String key) {
		return this.subscribed.getOrDefault(key, 0);
	}

	/**
	 * Returns how often this process called an operation.
	 * @param operation {@code acquire}, {@code release}, {@code renew}, {@code fence} or
	 * {@code find}
	 * @return the number of calls, failed ones included
	 */
	public long calls(String operation) {
		AtomicLong count = this.calls.get(checked(operation));
		return (count != null) ? count.get() : 0;
	}

	private <T> T call(String operation, Supplier<T> applied) {
		this.calls.computeIfAbsent(operation, (name) -> new AtomicLong()).incrementAndGet();
		this.before.getOrDefault(operation, () -> {
		}).run();
		T answer = applied.get();
		this.after.getOrDefault(operation, () -> {
		}).run();
		return answer;
	}

	private static String checked(String operation) {
		if (!OPERATIONS.contains(operation)) {
			throw new IllegalArgumentException("Unknown operation '" + operation + "'; use one of " + OPERATIONS);
		}
		return operation;
	}

}
