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

package io.github.distlock.core;

import java.util.function.Supplier;

/**
 * Interrupts around store calls. A lock must still be released by an interrupted thread,
 * so the flag is cleared for the call and set again after it. An interrupt that lands
 * while a call is under way makes the client give up waiting for the answer (the command
 * was sent): that is an interrupt, not a store failure.
 */
final class Interrupts {

	private Interrupts() {
	}

	static <T> T deferred(Supplier<T> call) {
		boolean interrupted = Thread.interrupted();
		try {
			return call.get();
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/** Whether a store call failed because the calling thread was interrupted. */
	static boolean causedBy(RuntimeException failure) {
		if (Thread.currentThread().isInterrupted()) {
			return true;
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof InterruptedException) {
				return true;
			}
		}
		return false;
	}

}
