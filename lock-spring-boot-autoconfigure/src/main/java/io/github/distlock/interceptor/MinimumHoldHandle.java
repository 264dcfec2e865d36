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

package io.github.distlock.interceptor;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.distlock.LockHandle;

/**
 * A lock handle of a method with {@code holdAtLeastMs}: closed before the minimum hold is
 * over, it releases the lock only when it is ({@link LockHandle#closeAfter}), so a fast
 * scheduled job does not run again on an instance whose tick comes a little later.
 * Meanwhile the lock stays held (renewed, in watchdog mode), and {@link #isHeld()} says
 * so, but it no longer belongs to the thread that took it: that thread, calling again,
 * waits like any other.
 */
final class MinimumHoldHandle implements LockHandle {

	private final LockHandle handle;

	private final long releasableAt;

	private final AtomicBoolean closed = new AtomicBoolean();

	private MinimumHoldHandle(LockHandle handle, long releasableAt) {
		this.handle = handle;
		this.releasableAt = releasableAt;
	}

	/**
	 * Holds {@code handle} until {@code holdAtLeast} after {@code since}.
	 * @param since a {@link System#nanoTime()} value
	 * @return the handle to close when the method's work is done
	 */
	static LockHandle holdAtLeast(LockHandle handle, Duration holdAtLeast, long since) {
		return holdAtLeast.isZero() ? handle : new MinimumHoldHandle(handle, since + holdAtLeast.toNanos());
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
		this.handle.detachFromThread();
	}

	@Override
	public void closeAfter(Duration delay) {
		long at = System.nanoTime() + delay.toNanos();
		closeAt((at - this.releasableAt > 0) ? at : this.releasableAt);
	}

	@Override
	public void close() {
		closeAt(this.releasableAt);
	}

	private void closeAt(long releaseAt) {
		if (this.closed.compareAndSet(false, true)) {
			this.handle.closeAfter(Duration.ofNanos(releaseAt - System.nanoTime()));
		}
	}

}
