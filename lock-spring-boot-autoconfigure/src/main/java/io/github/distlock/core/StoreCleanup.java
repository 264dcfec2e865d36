package io.github.distlock.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.log.LogMessage;

/**
 * Releases, in the background, locks that a request which failed on the caller's side may still
 * have taken in the store (it answered too late, or its reply was lost), so they do not stay held
 * by nobody until their lease runs out. Sent after the failed request on the same connection, a
 * release reaches the store after it. Clean-ups may block for a command timeout, so they have a
 * thread of their own and never hold up renewals.
 */
final class StoreCleanup implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(StoreCleanup.class);

	private final Locker locker;

	private final ExecutorService cleanups = Executors.newSingleThreadExecutor(DaemonThreads.named("distlock-cleanup"));

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

	@Override
	public void close() {
		this.cleanups.shutdownNow();
	}

}
