/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.

 */

package io.github.distlock.core;

import java.lang.ref.Cleaner;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.distlock.LockHandle;

/**
 * A caller's view of a {@link Holding}: the outermost acquisition or a nested one.
 * Closing it once counts; the lock is released when the last view of its holding closes.
 * A watchdog lock's view that becomes unreachable without being closed is noticed, so the
 * lock is not renewed for ever.
 */
final class HoldingHandle implements LockHandle {

	private static final Cleaner leaks = Cleaner.create(DaemonThreads.named("distlock-leaks"));

	private final Holding holding;

	private final LockCoordinator coordinator;

	private final AtomicBoolean closed = new AtomicBoolean();

	private final AtomicBoolean threadBound = new AtomicBoolean(true);

	private final long acquiredAt;

	/** This view's number, for listeners. */
	private final long hold;

	/**
	 * Watches the handle: a watchdog lock's would otherwise be renewed for ever, and a
	 * fixed lease's would keep its key's local lock for ever once the lease ended with
	 * nobody waiting.
	 */
	private final Cleaner.Cleanable leakWatch;

	HoldingHandle(Holding holding, LockCoordinator coordinator) {
		this.holding = holding;
		this.coordinator = coordinator;
		this.acquiredAt = coordinator.timing().nanoTime();
		this.hold = coordinator.nextHold();
		this.leakWatch = leaks.register(this,
				new LeakWatch(holding, this.closed, coordinator, this.hold, this.acquiredAt));
	}

	/** The holding this view shares; for tests (the exploration's invariants). */
	Holding holding() {
		return this.holding;
	}

	/** Returns this view's number, which listeners are told. */
	long hold() {
		return this.hold;
	}

	@Override
	public String key() {
		return this.holding.key();
	}

	@Override
	public long fencingToken() {
		return this.coordinator.fencingToken(this.holding);
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
	public void closeAfter(Duration delay) {
		if (delay.isNegative() || delay.isZero()) {
			close();
			return;
		}
		detachFromThread();
		this.coordinator.releaseAfter(this.holding, delay, this::close, this::leftToStore);
	}

	/**
	 * The application stopped during a minimum hold: the lock expires in the store, and
	 * the view is let go of.
	 */
	private void leftToStore() {
		if (this.closed.compareAndSet(false, true)) {
			this.leakWatch.clean();
			try {
				this.coordinator.viewClosed(this.holding, this.hold, this.acquiredAt);
			}
			finally {
				if (this.holding.exit()) {
					this.coordinator.leftToStore(this.holding);
				}
			}
		}
	}

	@Override
	public void close() {
		if (this.closed.compareAndSet(false, true)) {
			this.leakWatch.clean();
			detachFromThread();
			try {
				this.coordinator.viewClosed(this.holding, this.hold, this.acquiredAt);
			}
			finally {
				if (this.holding.exit()) {
					this.coordinator.release(this.holding);
				}
			}
		}
	}

	@Override
	public String toString() {
		return "LockHandle[" + key() + (isHeld() ? ", held]" : ", not held]");
	}

	/**
	 * Runs when a handle became unreachable, or was closed. It must not refer to the
	 * handle, or the handle would never become unreachable.
	 */
	private record LeakWatch(Holding holding, AtomicBoolean closed, LockCoordinator coordinator, long hold,
			long acquiredAt) implements Runnable {

		@Override
		public void run() {
			if (!this.closed.get()) {
				this.coordinator.viewClosed(this.holding, this.hold, this.acquiredAt);
				if (this.holding.viewLeaked()) {
					this.coordinator.abandoned(this.holding);
				}
			}
		}

	}

}
