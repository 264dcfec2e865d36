package io.github.distlock.core;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.log.LogMessage;

/**
 * Releases, in the background, locks that a request which failed on the caller's side may still
 * have taken in the store (it answered too late, or its reply was lost), so they do not stay held
 * by nobody until their lease runs out. Sent after the failed request on the same connection, a
 * release reaches the store after it. Clean-ups may block for a command timeout, so they have a
 * thread of their own; the queue is bounded, since during a long outage the locks behind the
 * oldest clean-ups expire by their leases anyway.
 */
final class StoreCleanup implements AutoCloseable {

	static final int CAPACITY = 10_000;

	private static final Log logger = LogFactory.getLog(StoreCleanup.class);

	private final Locker locker;

	private final ThreadPoolExecutor cleanups = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS,
			new ArrayBlockingQueue<>(CAPACITY), DaemonThreads.named("distlock-cleanup"),
			(task, executor) -> logger.debug("Lock clean-up queue is full; the lock expires by its lease"));

	StoreCleanup(Locker locker) {
		this.locker = locker;
	}

	void releaseLater(String key, String owner) {
		this.cleanups.execute(() -> {
			try {
				this.locker.release(key, owner);
			}
			catch (RuntimeException ex) {
				logger.debug(LogMessage.format("Could not clean up lock '%s' after a failed request", key), ex);
			}
		});
	}

	/** Returns how many clean-ups wait to be sent, for tests. */
	int queued() {
		return this.cleanups.getQueue().size();
	}

	@Override
	public void close() {
		this.cleanups.shutdownNow();
	}

}
