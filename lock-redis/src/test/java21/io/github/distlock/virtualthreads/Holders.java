package io.github.distlock.virtualthreads;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the bodies of locked methods saw: how many ran at once (at most one while the lock
 * excludes), how many ran, and how many of them ran on a platform thread.
 */
final class Holders {

	private final AtomicInteger now = new AtomicInteger();

	private final AtomicInteger most = new AtomicInteger();

	private final AtomicInteger runs = new AtomicInteger();

	private final AtomicInteger onPlatformThreads = new AtomicInteger();

	/**
	 * Runs as a locked method's body: counts itself among the holders while it parks for the
	 * given time, as a method that waits for I/O under the lock does.
	 * @param work how long the body parks
	 * @return whether it ran on a virtual thread
	 */
	boolean hold(Duration work) {
		boolean virtual = Thread.currentThread().isVirtual();
		if (!virtual) {
			this.onPlatformThreads.incrementAndGet();
		}
		this.most.accumulateAndGet(this.now.incrementAndGet(), Math::max);
		try {
			Thread.sleep(work);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.now.decrementAndGet();
			this.runs.incrementAndGet();
		}
		return virtual;
	}

	int most() {
		return this.most.get();
	}

	int runs() {
		return this.runs.get();
	}

	int onPlatformThreads() {
		return this.onPlatformThreads.get();
	}

}
