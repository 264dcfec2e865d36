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

package io.github.distlock.observation;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockNames;

/**
 * Observations of locking (Micrometer's Observation API, so traces and metrics alike):
 * {@code distlock.acquire} while a thread takes or waits for a lock, a child of the
 * thread's current observation (the request), with low-cardinality key values
 * {@code name} and {@code outcome} ({@code acquired}, {@code busy}, {@code failed}); and
 * {@code distlock.hold} from then until the lock is let go of, with {@code name}. The
 * lock's key is only a high-cardinality value ({@code key}).
 *
 * <p>
 * A thread's acquisitions follow one another, so one acquisition per thread is in flight:
 * it is the thread's current observation while it lasts, so what the lock store observes
 * on that thread (the Redis commands of a single Redis) are its children. Redlock's node
 * calls run on threads of its own and are not observed. Holds are paired with their
 * release by the number the template gives each holding, whichever thread lets go; they
 * are not made current, since a hold may end on another thread than the one it began on.
 *
 * @since 0.1.0
 */
public final class LockObservations implements LockListener {

	/** The name of the observation of taking a lock. */
	public static final String ACQUIRE = "distlock.acquire";

	/** The name of the observation of holding a lock. */
	public static final String HOLD = "distlock.hold";

	private final ObservationRegistry registry;

	private final ThreadLocal<Observation.Scope> acquiring = new ThreadLocal<>();

	private final Map<Long, Observation> holds = new ConcurrentHashMap<>();

	/**
	 * Creates the observations.
	 * @param registry where they are recorded
	 */
	public LockObservations(ObservationRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void acquiring(String key) {
		this.acquiring.set(observation(ACQUIRE, key).start().openScope());
	}

	@Override
	public void acquired(String key, long hold, Duration waited) {
		stopAcquiring("acquired", null);
		this.holds.put(hold, observation(HOLD, key).start());
	}

	@Override
	public void busy(String key, Duration waited) {
		stopAcquiring("busy", null);
	}

	@Override
	public void failed(String key, Duration waited, RuntimeException cause) {
		stopAcquiring("failed", cause);
	}

	@Override
	public void released(String key, long hold, Duration held) {
		Observation observation = this.holds.remove(hold);
		if (observation != null) {
			observation.stop();
		}
	}

	private Observation observation(String name, String key) {
		return Observation.createNotStarted(name, this.registry)
			.lowCardinalityKeyValue("name", LockNames.nameOf(key))
			.highCardinalityKeyValue("key", key);
	}

	private void stopAcquiring(String outcome, @Nullable RuntimeException cause) {
		Observation.Scope scope = this.acquiring.get();
		this.acquiring.remove();
		if (scope != null) {
			scope.close();
			Observation observation = scope.getCurrentObservation();
			observation.lowCardinalityKeyValue("outcome", outcome);
			if (cause != null) {
				observation.error(cause);
			}
			observation.stop();
		}
	}

}
