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
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.distlock.store.Locker;
import io.github.distlock.test.support.AbstractLockerContractTests;
import org.example.mapstore.LockEntry.Timed;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The store contract, run against a store written outside distlock: the processes of one
 * store are {@link MapLocker}s over one shared map. It keeps every hook's default but
 * one: the store has no release notices, so it must report them never active, and the
 * notice tests do not apply. Locks expire by lease, and a lock given way is left to other
 * processes for a window.
 */
// tag::contract[]
class MapLockerContractTests extends AbstractLockerContractTests {

	private final ConcurrentMap<String, LockEntry> entries = new ConcurrentHashMap<>();

	private final MapLocker locker = new MapLocker(this.entries, MapLocker.GIVE_WAY);

	private final MapLocker otherProcess = this.locker.otherProcess();

	@Override
	protected Locker locker() {
		return this.locker;
	}

	@Override
	protected Locker otherProcess() {
		return this.otherProcess;
	}

	@Override
	protected Locker processGivingWayFor(Duration giveWay) {
		return new MapLocker(this.entries, giveWay);
	}

	@Override
	protected void loseAllData() {
		this.entries.clear();
	}

	// end::contract[]

	/**
	 * Every entry still live, with the time left on its longest part, as a store's TTL
	 * would tell.
	 */
	@Override
	protected Map<String, Long> timesToLive() {
		long now = System.nanoTime();
		return this.entries.entrySet()
			.stream()
			.filter((stored) -> !LockEntry.live(stored.getValue(), now).isEmpty())
			.collect(Collectors.toMap(Map.Entry::getKey, (stored) -> millisLeft(stored.getValue(), now)));
	}

	private static long millisLeft(LockEntry entry, long now) {
		Stream<@Nullable Timed<?>> parts = Stream.of(entry.holder(), entry.waiting(), entry.givenWayBy(),
				entry.releasedBy(), entry.fenced());
		return parts.filter(Objects::nonNull)
			.mapToLong((part) -> Duration.ofNanos(part.until() - now).toMillis())
			.max()
			.orElseThrow();
	}

	/** None: the core's waiters look again at short intervals instead. */
	@Override
	protected boolean deliversReleaseNotices() {
		return false;
	}

	/**
	 * The store's own expiry, which the contract cannot see: it asks only for the entries
	 * still live.
	 */
	@Test
	void entriesWhoseTimeRanOutLeaveTheMapOnceItGrew() {
		int expiring = MapLocker.LEAST_SWEEP_SIZE - 1;
		for (int i = 0; i < expiring; i++) {
			this.locker.tryAcquire("swept:" + i, "owner", Duration.ofMillis(1), Duration.ZERO);
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> this.locker.find("swept:" + (expiring - 1)).isEmpty());
		assertThat(this.entries).hasSize(expiring);
		this.locker.tryAcquire("swept:last", "owner", Duration.ofSeconds(30), Duration.ZERO);
		assertThat(this.entries).containsOnlyKeys("swept:last");
	}

}
