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

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

import io.github.distlock.store.Locker;
import io.github.distlock.store.ReleaseSubscription;

/**
 * Release notices of one lock (PROTOCOL.md, "Release notices"): the threads of this
 * process that wait for it, its subscription while any of them does, and a phase that
 * advances once per notice. The thread at the store takes a mark before an attempt and
 * waits for a notice after that mark, so no notice that comes between the two is missed.
 */
final class ReleaseNotices {

	/**
	 * Guards clearing and setting the subscription, and the phase; never held during a
	 * store call.
	 */
	private final ReentrantLock mutex = new ReentrantLock();

	/** Signalled when the phase advances. */
	private final Condition advanced;

	private final Timing timing;

	/** Advanced by every notice; written under the mutex. */
	private volatile int phase;

	/**
	 * Counted without the mutex: one-key hand-offs among many threads should not queue on
	 * it.
	 */
	private final AtomicInteger waiting = new AtomicInteger();

	private volatile @Nullable ReleaseSubscription subscription;

	ReleaseNotices(Timing timing) {
		this.timing = timing;
		this.advanced = timing.newCondition(this.mutex);
	}

	/** A thread of this process starts waiting for the lock. */
	void arrive() {
		this.waiting.incrementAndGet();
	}

	/**
	 * A thread stops waiting (it holds the lock, or gave up); the last one closes the
	 * subscription. A thread that arrives meanwhile either finds it still there, or none
	 * and subscribes anew.
	 */
	void leave() {
		if (this.waiting.decrementAndGet() > 0 || this.subscription == null) {
			return;
		}
		ReleaseSubscription closed = null;
		this.mutex.lock();
		try {
			if (this.waiting.get() == 0) {
				closed = this.subscription;
				this.subscription = null;
			}
		}
		finally {
			this.mutex.unlock();
		}
		if (closed != null) {
			closed.close();
		}
	}

	/**
	 * Subscribes to the lock's notices unless it is subscribed; called by the thread at
	 * the store after a busy answer, the only one that subscribes, so never twice at
	 * once.
	 * @param confirmWithin what is left of the thread's wait: the store's confirmation is
	 * awaited no longer
	 * @return whether it subscribed just now, so the thread must attempt again before
	 * waiting
	 */
	boolean subscribe(Locker locker, String key, Duration confirmWithin) {
		this.mutex.lock();
		try {
			if (this.subscription != null) {
				return false;
			}
		}
		finally {
			this.mutex.unlock();
		}
		ReleaseSubscription opened = locker.subscribe(key, confirmWithin);
		this.mutex.lock();
		try {
			this.subscription = opened;
		}
		finally {
			this.mutex.unlock();
		}
		return true;
	}

	/** Whether a notice of the lock can reach the thread at the store now. */
	boolean isActive() {
		ReleaseSubscription current = this.subscription;
		return current != null && current.isActive();
	}

	/** Returns a mark to pass to {@link #awaitAfter} after a failed attempt. */
	int mark() {
		return this.phase;
	}

	void noticed() {
		this.mutex.lock();
		try {
			this.phase++;
			this.advanced.signalAll();
		}
		finally {
			this.mutex.unlock();
		}
	}

	/**
	 * Waits until a notice came after {@code mark}, or for {@code nanos}.
	 * @return {@code false} when the thread was interrupted (its flag set again)
	 */
	boolean awaitAfter(int mark, long nanos) {
		this.mutex.lock();
		try {
			// Until the time is up: the holder's lease ran out, or the pause was bounded;
			// then try again.
			for (long left = nanos; this.phase == mark && left > 0;) {
				left = this.timing.awaitNanos(this.advanced, left);
			}
			return true;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		finally {
			this.mutex.unlock();
		}
	}

}
