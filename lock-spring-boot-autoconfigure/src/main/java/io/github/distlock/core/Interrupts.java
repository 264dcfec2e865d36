package io.github.distlock.core;

import java.util.function.Supplier;

/**
 * Interrupts around store calls. A lock must still be released by an interrupted thread, so the
 * flag is cleared for the call and set again after it. An interrupt that lands while a call is
 * under way makes the client give up waiting for the answer (the command was sent): that is an
 * interrupt, not a store failure.
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
