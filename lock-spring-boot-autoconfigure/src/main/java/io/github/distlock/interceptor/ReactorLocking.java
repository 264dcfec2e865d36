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
 * Holds a lock for a {@code Mono} or {@code Flux}: taken when it is subscribed, before
 * the method body runs, and released when it completes, errs or is cancelled. Taking and
 * releasing block on Redis, so they run on Reactor's bounded-elastic scheduler, never on
 * the subscriber's thread. Loaded only when Reactor is present.
 */
final class ReactorLocking {

	private ReactorLocking() {
	}

	static boolean supports(Class<?> returnType) {
		return isMono(returnType) || Flux.class.isAssignableFrom(returnType);
	}

	static boolean isMono(Class<?> returnType) {
		return Mono.class.isAssignableFrom(returnType);
	}

	/**
	 * Returns the publisher to give the caller. The work and the fallback answer
	 * {@code Object}, so that the caller's lambdas name no Reactive Streams type: the
	 * interceptor's methods are read by reflection in applications without Reactor.
	 * @param mono whether to publish a {@code Mono}, else a {@code Flux}
	 * @param acquire takes the lock, or throws {@link LockNotAcquiredException}
	 * @param work runs the method body under the lock and returns its publisher
	 * @param fallback what to publish instead when the lock is not acquired, or
	 * {@code null} to publish that exception
	 */
	@SuppressWarnings("NullAway") // attempt(...) answers Refused only when there is a
									// fallback
	static Publisher<?> lockWhileSubscribed(boolean mono, Supplier<LockHandle> acquire,
			Function<LockHandle, @Nullable Object> work,
			@Nullable Function<LockNotAcquiredException, @Nullable Object> fallback) {
		// hide() keeps the value from being dropped unseen on cancel, so the discard hook
		// closes it.
		Mono<Object> attempt = Mono.fromSupplier(() -> attempt(acquire, fallback))
			.hide()
			.subscribeOn(Schedulers.boundedElastic())
			.doOnDiscard(LockHandle.class, LockHandle::close);
		Function<Object, Publisher<?>> body = (outcome) -> orEmpty((outcome instanceof Refused refused)
				? fallback.apply(refused.cause()) : work.apply((LockHandle) outcome));
		if (mono) {
			return Mono.usingWhen(attempt, (outcome) -> Mono.from(body.apply(outcome)), ReactorLocking::release,
					(outcome, error) -> release(outcome), ReactorLocking::release);
		}
		return Flux.usingWhen(attempt, body, ReactorLocking::release, (outcome, error) -> release(outcome),
				ReactorLocking::release);
	}

	private static Object attempt(Supplier<LockHandle> acquire,
			@Nullable Function<LockNotAcquiredException, @Nullable Object> fallback) {
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

	private static Publisher<?> orEmpty(@Nullable Object publisher) {
		return (publisher != null) ? (Publisher<?>) publisher : Flux.empty();
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
