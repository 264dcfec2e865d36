package io.github.distlock.core;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A caller's view of a {@link Holding}: the outermost acquisition or a nested one. Closing it
 * once counts; the lock is released when the last view of its holding closes.
 */
final class HoldingHandle implements DetachableLockHandle {

	private final Holding holding;

	private final Consumer<Holding> releaser;

	private final AtomicBoolean closed = new AtomicBoolean();

	private final AtomicBoolean threadBound = new AtomicBoolean(true);

	HoldingHandle(Holding holding, Consumer<Holding> releaser) {
		this.holding = holding;
		this.releaser = releaser;
	}

	@Override
	public String key() {
		return this.holding.key();
	}

	@Override
	public long fencingToken() {
		return this.holding.fencingToken();
	}

	@Override
	public boolean isHeld() {
		return !this.closed.get() && this.holding.isHeld();
	}

	@Override
	public void detachFromThread() {
		if (this.threadBound.compareAndSet(true, false)) {
			this.holding.unbindView();
		}
	}

	@Override
	public void close() {
		if (this.closed.compareAndSet(false, true)) {
			detachFromThread();
			if (this.holding.exit()) {
				this.releaser.accept(this.holding);
			}
		}
	}

	@Override
	public String toString() {
		return "LockHandle[" + key() + (isHeld() ? ", held]" : ", not held]");
	}

}
