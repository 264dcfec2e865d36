package io.github.distlock.core;

import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Release notices of one lock, for the thread at the store: it takes a mark before an attempt and
 * waits for a notice after that mark, so no notice that comes between the two is missed. A phaser
 * with one party advances one phase per notice.
 */
final class ReleaseNotices {

	private final Phaser phaser = new Phaser(1);

	/** Returns a mark to pass to {@link #awaitAfter} after a failed attempt. */
	int mark() {
		return this.phaser.getPhase();
	}

	void noticed() {
		this.phaser.arrive();
	}

	/**
	 * Waits until a notice came after {@code mark}, or for {@code nanos}.
	 * @return {@code false} when the thread was interrupted (its flag set again)
	 */
	boolean awaitAfter(int mark, long nanos) {
		try {
			this.phaser.awaitAdvanceInterruptibly(mark, nanos, TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			// The holder's lease ran out, or the pause was bounded: try again.
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		return true;
	}

}
