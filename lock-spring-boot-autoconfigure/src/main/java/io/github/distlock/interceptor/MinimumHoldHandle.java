package io.github.distlock.interceptor;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.distlock.LockHandle;
import io.github.distlock.core.DetachableLockHandle;

/**
 * A lock handle of a method with {@code holdAtLeastMs}: closed before the minimum hold is over, it
 * releases the lock only when it is, so a fast scheduled job does not run again on an instance
 * whose tick comes a little later. Meanwhile the lock stays held (renewed, in watchdog mode) but no
 * longer belongs to the thread that took it: that thread, calling again, waits like any other.
 */
final class MinimumHoldHandle implements DetachableLockHandle {

	private final LockHandle handle;

	private final long releasableAt;

	private final Executor releases;

	private final AtomicBoolean closed = new AtomicBoolean();

	private MinimumHoldHandle(LockHandle handle, long releasableAt, Executor releases) {
		this.handle = handle;
		this.releasableAt = releasableAt;
		this.releases = releases;
	}

	/**
	 * Holds {@code handle} at least {@code holdAtLeast} from now.
	 * @param releases runs the delayed releases
	 * @return the handle to close when the method's work is done
	 */
	static LockHandle holdAtLeast(LockHandle handle, Duration holdAtLeast, Executor releases) {
		return holdAtLeast.isZero() ? handle : new MinimumHoldHandle(handle, System.nanoTime() + holdAtLeast.toNanos(), releases);
	}

	@Override
	public String key() {
		return this.handle.key();
	}

	@Override
	public long fencingToken() {
		return this.handle.fencingToken();
	}

	@Override
	public boolean isHeld() {
		return this.handle.isHeld();
	}

	@Override
	public void detachFromThread() {
		if (this.handle instanceof DetachableLockHandle detachable) {
			detachable.detachFromThread();
		}
	}

	@Override
	public void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		long remaining = this.releasableAt - System.nanoTime();
		if (remaining <= 0) {
			this.handle.close();
			return;
		}
		detachFromThread();
		CompletableFuture.delayedExecutor(remaining, TimeUnit.NANOSECONDS, this.releases).execute(this.handle::close);
	}

}
