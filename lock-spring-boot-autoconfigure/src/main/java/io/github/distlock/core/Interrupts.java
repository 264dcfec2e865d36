package io.github.distlock.core;

import java.util.function.Supplier;

/**
 * Runs store calls that must not fail because the calling thread was interrupted: a Redis client
 * refuses to send a command from an interrupted thread, but a lock must still be released.
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

}
