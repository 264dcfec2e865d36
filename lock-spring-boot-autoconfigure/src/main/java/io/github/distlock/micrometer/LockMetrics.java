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

package io.github.distlock.micrometer;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.MeterRegistry;

import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockNames;

/**
 * Lock metrics in Micrometer, tagged with the lock's name ({@link LockNames}), never its
 * key, so a tag has as few values as the application has kinds of lock:
 * <ul>
 * <li>{@code distlock.acquisitions}: a timer of the time taken to acquire, with tag
 * {@code outcome} {@code acquired}, {@code busy} (the lock stayed busy for the whole
 * wait) or {@code failed} (the store could not be reached);</li>
 * <li>{@code distlock.holds}: a timer of the time locks were held;</li>
 * <li>{@code distlock.held} and {@code distlock.waiting}: gauges of the holders and of
 * the threads taking or waiting for a lock in this process now;</li>
 * <li>{@code distlock.handovers}, {@code distlock.renewals}, {@code distlock.leases.lost}
 * and {@code distlock.releases.failed}: counters.</li>
 * </ul>
 *
 * @since 0.1.0
 */
public final class LockMetrics implements LockListener {

	private final MeterRegistry registry;

	private final Map<String, LockNameMeters> meters = new ConcurrentHashMap<>();

	/**
	 * Creates the metrics; meters of a lock name are registered when it is first used.
	 * @param registry where the meters go
	 */
	public LockMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void acquiring(String key) {
		meters(key).waiting().incrementAndGet();
	}

	@Override
	public void acquired(String key, long hold, Duration waited) {
		LockNameMeters meters = meters(key);
		meters.waiting().decrementAndGet();
		meters.held().incrementAndGet();
		meters.acquired().record(waited);
	}

	@Override
	public void busy(String key, Duration waited) {
		LockNameMeters meters = meters(key);
		meters.waiting().decrementAndGet();
		meters.busy().record(waited);
	}

	@Override
	public void failed(String key, Duration waited, RuntimeException cause) {
		LockNameMeters meters = meters(key);
		meters.waiting().decrementAndGet();
		meters.failed().record(waited);
	}

	@Override
	public void released(String key, long hold, Duration held) {
		LockNameMeters meters = meters(key);
		meters.held().decrementAndGet();
		meters.holds().record(held);
	}

	@Override
	public void handedOver(String key) {
		meters(key).handOvers().increment();
	}

	@Override
	public void renewed(String key) {
		meters(key).renewals().increment();
	}

	@Override
	public void leaseLost(String key) {
		meters(key).leasesLost().increment();
	}

	@Override
	public void releaseFailed(String key) {
		meters(key).releasesFailed().increment();
	}

	private LockNameMeters meters(String key) {
		String name = LockNames.nameOf(key);
		LockNameMeters existing = this.meters.get(name);
		return (existing != null) ? existing
				: this.meters.computeIfAbsent(name, (newName) -> LockNameMeters.register(this.registry, newName));
	}

}
