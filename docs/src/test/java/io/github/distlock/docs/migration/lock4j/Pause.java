package io.github.distlock.docs.migration.lock4j;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a caller inside a locked method until the test lets it go.
 */
final class Pause {

	static volatile CountDownLatch entered = new CountDownLatch(0);

	static volatile CountDownLatch leave = new CountDownLatch(0);

	private Pause() {
	}

	static void here() {
		CountDownLatch until = leave;
		entered.countDown();
		try {
			until.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
