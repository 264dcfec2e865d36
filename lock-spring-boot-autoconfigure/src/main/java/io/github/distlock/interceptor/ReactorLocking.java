package io.github.distlock.interceptor;

import java.util.function.Function;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import io.github.distlock.LockHandle;
import io.github.distlock.LockNotAcquiredException;

/**
 * Holds a lock for a {@code Mono} or {@code Flux}: taken when it is subscribed, released when it
 * completes, errs or is cancelled. Taking and releasing block on Redis, so they run on Reactor's
 * bounded-elastic scheduler, never on the subscriber's thread. Loaded only when Reactor is present.
 */
final class ReactorLocking {

	private ReactorLocking() {
	}

	static boolean supports(Class<?> returnType) {
		return Mono.class.isAssignableFrom(returnType) || Flux.class.isAssignableFrom(returnType);
	}

	/**
	 * Wraps the method's publisher.
	 * @param result what the method returned
	 * @param acquire takes the lock, or throws {@link LockNotAcquiredException}
	 * @param fallback what to publish instead when the lock is not acquired, or {@code null} to
	 * publish that exception
	 * @return the publisher to return to the caller
	 */
	static Publisher<?> lockWhileSubscribed(Publisher<?> result, Supplier<LockHandle> acquire,
			@Nullable Function<LockNotAcquiredException, Publisher<?>> fallback) {
		Mono<Object> attempt = Mono.fromSupplier(() -> attempt(acquire, fallback)).subscribeOn(Schedulers.boundedElastic());
		Function<Object, Publisher<?>> work = (outcome) -> (outcome instanceof Refused refused)
				? fallback.apply(refused.cause()) : result;
		if (result instanceof Mono<?>) {
			return Mono.usingWhen(attempt, (outcome) -> Mono.from(work.apply(outcome)), ReactorLocking::release,
					(outcome, error) -> release(outcome), ReactorLocking::release);
		}
		return Flux.usingWhen(attempt, work, ReactorLocking::release, (outcome, error) -> release(outcome),
				ReactorLocking::release);
	}

	private static Object attempt(Supplier<LockHandle> acquire,
			@Nullable Function<LockNotAcquiredException, Publisher<?>> fallback) {
		try {
			return acquire.get();
		}
		catch (LockNotAcquiredException ex) {
			if (fallback == null) {
				throw ex;
			}
			return new Refused(ex);
		}
	}

	private static Mono<Void> release(Object outcome) {
		if (outcome instanceof LockHandle handle) {
			return Mono.<Void>fromRunnable(handle::close).subscribeOn(Schedulers.boundedElastic());
		}
		return Mono.empty();
	}

	/** A lock that was not acquired, for which the fallback publishes. */
	private record Refused(LockNotAcquiredException cause) {
	}

}
