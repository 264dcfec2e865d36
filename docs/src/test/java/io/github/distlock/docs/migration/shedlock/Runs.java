package io.github.distlock.docs.migration.shedlock;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the runs of the report job of every instance, and can keep a run inside the job.
 */
final class Runs {

	static final AtomicInteger count = new AtomicInteger();

	static volatile CountDownLatch entered = new CountDownLatch(0);

	static volatile CountDownLatch leave = new CountDownLatch(0);

	private Runs() {
	}

	static void run() {
		count.incrementAndGet();
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
