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

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import io.github.distlock.WhenBusy;

/**
 * A parsed {@code @DistributedLock} declaration of one method.
 *
 * @param methodName the method, as messages name it
 * @param name the lock's namespace; the lock's identity is {@code name + ":" + key}
 * @param key the key expression
 * @param lease the fixed lease, or {@code null} for watchdog mode
 * @param maxWait the wait, or {@code null} for the configured default
 * @param holdAtLeast how long the lock stays held at least from the method's start, or
 * zero
 * @param whenBusy what to do when the lock stays busy for the whole wait
 * @param fallback the fallback method, or {@code null} to throw (or skip)
 * @param completion how the method's result tells that its work is done
 */
record LockOperation(String methodName, String name, LockKeyExpression key, @Nullable Duration lease,
		@Nullable Duration maxWait, Duration holdAtLeast, WhenBusy whenBusy, @Nullable FallbackMethod fallback,
		Completion completion) {

	/** How a locked method's work completes, which decides when its lock is released. */
	enum Completion {

		/** When the method returns or throws. */
		ON_RETURN,
		/** When the returned {@code CompletionStage} completes. */
		COMPLETION_STAGE,
		/**
		 * When the returned {@code Mono} or {@code Flux} completes, errs or is cancelled.
		 */
		REACTIVE,
		/**
		 * When a Kotlin {@code suspend} function's coroutine completes, fails or is
		 * cancelled: Spring AOP hands the function to interceptors as a {@code Mono}.
		 */
		COROUTINE

	}

	/** The lock identity for one evaluated key. */
	String lockKey(String key) {
		return this.name + ":" + key;
	}

}
