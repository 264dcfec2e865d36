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

import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/** The meters of one lock name, looked up once rather than at every event. */
record LockNameMeters(Timer acquired, Timer busy, Timer failed, Timer holds, AtomicInteger held, AtomicInteger waiting,
		Counter handOvers, Counter renewals, Counter leasesLost, Counter releasesFailed) {

	static LockNameMeters register(MeterRegistry registry, String name) {
		AtomicInteger held = new AtomicInteger();
		AtomicInteger waiting = new AtomicInteger();
		Gauge.builder("distlock.held", held, AtomicInteger::get)
			.tag("name", name)
			.description("Holders of distributed locks in this process now")
			.strongReference(true)
			.register(registry);
		Gauge.builder("distlock.waiting", waiting, AtomicInteger::get)
			.tag("name", name)
			.description("Threads of this process taking or waiting for a distributed lock now")
			.strongReference(true)
			.register(registry);
		return new LockNameMeters(acquisitions(registry, name, "acquired"), acquisitions(registry, name, "busy"),
				acquisitions(registry, name, "failed"),
				Timer.builder("distlock.holds")
					.tag("name", name)
					.description("Time distributed locks were held")
					.register(registry),
				held, waiting,
				counter(registry, "distlock.handovers", name,
						"Locks handed to the next holder in this " + "process without a round trip"),
				counter(registry, "distlock.renewals", name, "Leases renewed by the watchdog"),
				counter(registry, "distlock.leases.lost", name, "Leases found lost while their locks were held"),
				counter(registry, "distlock.releases.failed", name, "Releases that could not reach the store"));
	}

	private static Timer acquisitions(MeterRegistry registry, String name, String outcome) {
		return Timer.builder("distlock.acquisitions")
			.tag("name", name)
			.tag("outcome", outcome)
			.description("Time taken to acquire distributed locks, by outcome")
			.register(registry);
	}

	private static Counter counter(MeterRegistry registry, String meter, String name, String description) {
		return Counter.builder(meter).tag("name", name).description(description).register(registry);
	}

}
