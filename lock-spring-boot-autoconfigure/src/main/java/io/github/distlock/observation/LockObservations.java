package io.github.distlock.observation;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockNames;

/**
 * Observations of locking (Micrometer's Observation API, so traces and metrics alike):
 * {@code distlock.acquire} while a thread takes or waits for a lock, a child of the thread's
 * current observation (the request), with low-cardinality key values {@code name} and
 * {@code outcome} ({@code acquired}, {@code busy}, {@code failed}); and {@code distlock.hold} from
 * then until the lock is let go of, with {@code name}. The lock's key is only a high-cardinality
 * value ({@code key}).
 *
 * <p>A thread's acquisitions follow one another, so one observation per thread is in flight; the
 * holders of one lock in a process follow one another too (a nested holding comes and goes inside
 * the outer one), so each lock's hold observations form a stack, closed on whichever thread lets go.
 *
 * @since 0.1.0
 */
public final class LockObservations implements LockListener {

	/** The name of the observation of taking a lock. */
	public static final String ACQUIRE = "distlock.acquire";

	/** The name of the observation of holding a lock. */
	public static final String HOLD = "distlock.hold";

	private final ObservationRegistry registry;

	private final ThreadLocal<Observation> acquiring = new ThreadLocal<>();

	private final Map<String, Deque<Observation>> holds = new ConcurrentHashMap<>();

	/**
	 * Creates the observations.
	 * @param registry where they are recorded
	 */
	public LockObservations(ObservationRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void acquiring(String key) {
		this.acquiring.set(observation(ACQUIRE, key).start());
	}

	@Override
	public void acquired(String key, Duration waited) {
		stopAcquiring("acquired", null);
		Observation hold = observation(HOLD, key).start();
		Deque<Observation> stack = this.holds.computeIfAbsent(key, (newKey) -> new ArrayDeque<>());
		synchronized (stack) {
			stack.push(hold);
		}
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
	public void released(String key, Duration held) {
		Deque<Observation> stack = this.holds.get(key);
		if (stack == null) {
			return;
		}
		Observation hold;
		synchronized (stack) {
			hold = stack.poll();
			if (stack.isEmpty()) {
				this.holds.remove(key, stack);
			}
		}
		if (hold != null) {
			hold.stop();
		}
	}

	private Observation observation(String name, String key) {
		return Observation.createNotStarted(name, this.registry)
			.lowCardinalityKeyValue("name", LockNames.nameOf(key))
			.highCardinalityKeyValue("key", key);
	}

	private void stopAcquiring(String outcome, @Nullable RuntimeException cause) {
		Observation observation = this.acquiring.get();
		this.acquiring.remove();
		if (observation != null) {
			observation.lowCardinalityKeyValue("outcome", outcome);
			if (cause != null) {
				observation.error(cause);
			}
			observation.stop();
		}
	}

}
