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

package io.github.distlock.test.redis;

import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * The faults a {@link FaultProxy} applies to all its connections (stalls, dropped
 * replies, cuts after a command, slow connection set-up, replies held after a command)
 * and its count of forwarded commands.
 *
 * <p>
 * Times are {@link System#nanoTime()} values, compared by difference so they never
 * overflow.
 */
final class Faults {

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition stallOverOrClosed = this.lock.newCondition();

	private long stallEnd = System.nanoTime();

	private boolean closed;

	private volatile long dropEnd = System.nanoTime();

	private volatile long connectionDelayNanos;

	private final Queue<PendingCut> cuts = new ConcurrentLinkedQueue<>();

	private final Queue<PendingHold> holds = new ConcurrentLinkedQueue<>();

	private final Map<String, LongAdder> forwarded = new ConcurrentHashMap<>();

	void stall(Duration duration) {
		long end = System.nanoTime() + duration.toNanos();
		this.lock.lock();
		try {
			// a shorter stall never ends a longer one early
			if (end - this.stallEnd > 0) {
				this.stallEnd = end;
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Waits until no stall is on, or the proxy closed.
	 * @throws InterruptedIOException when the waiting thread is interrupted
	 */
	void awaitNoStall() throws InterruptedIOException {
		awaitNoStall(System.nanoTime());
	}

	/**
	 * Waits until no stall is on and {@code end} has passed, or the proxy closed.
	 * @param end a {@link System#nanoTime()} value: the end of a hold of one connection
	 * @throws InterruptedIOException when the waiting thread is interrupted
	 */
	void awaitNoStall(long end) throws InterruptedIOException {
		this.lock.lock();
		try {
			long remaining = Math.max(this.stallEnd - System.nanoTime(), end - System.nanoTime());
			while (!this.closed && remaining > 0) {
				this.stallOverOrClosed.awaitNanos(remaining);
				remaining = Math.max(this.stallEnd - System.nanoTime(), end - System.nanoTime());
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new InterruptedIOException("Interrupted while a fault proxy stalled");
		}
		finally {
			this.lock.unlock();
		}
	}

	void delayNewConnections(Duration delay) {
		this.connectionDelayNanos = delay.toNanos();
	}

	/** The delay of a connection opening now: it forwards nothing for that long. */
	long connectionDelayNanos() {
		return this.connectionDelayNanos;
	}

	void dropReplies(Duration duration) {
		this.dropEnd = System.nanoTime() + duration.toNanos();
	}

	boolean dropsReplies() {
		return this.dropEnd - System.nanoTime() > 0;
	}

	CompletableFuture<Void> cutAfterNext(Predicate<List<String>> command) {
		PendingCut cut = new PendingCut(command, new CompletableFuture<>());
		this.cuts.add(cut);
		return cut.done();
	}

	/**
	 * Takes the first pending cut that matches a command, so that each cut fires once.
	 * @param command the command's name and arguments
	 * @return the cut, or {@code null} when none matches
	 */
	PendingCut claimCut(List<String> command) {
		for (PendingCut cut : this.cuts) {
			if (cut.command().test(command) && this.cuts.remove(cut)) {
				return cut;
			}
		}
		return null;
	}

	void holdRepliesAfterNext(Predicate<List<String>> command, Duration duration) {
		this.holds.add(new PendingHold(command, duration));
	}

	/**
	 * Takes the first pending hold that matches a command, so that each hold fires once.
	 * @param command the command's name and arguments
	 * @return the hold, or {@code null} when none matches
	 */
	PendingHold claimHold(List<String> command) {
		for (PendingHold hold : this.holds) {
			if (hold.command().test(command) && this.holds.remove(hold)) {
				return hold;
			}
		}
		return null;
	}

	void forwarded(String commandName) {
		this.forwarded.computeIfAbsent(commandName, (name) -> new LongAdder()).increment();
	}

	long commandsForwarded(String commandName) {
		LongAdder count = this.forwarded.get(commandName.toUpperCase(Locale.ROOT));
		return (count != null) ? count.sum() : 0;
	}

	/** Ends every stall at once and cancels the cuts that never fired. */
	void close() {
		this.lock.lock();
		try {
			this.closed = true;
			this.stallOverOrClosed.signalAll();
		}
		finally {
			this.lock.unlock();
		}
		this.cuts.forEach((cut) -> cut.done().cancel(false));
		this.cuts.clear();
	}

	/**
	 * A cut waiting for its command.
	 *
	 * @param command which command it follows
	 * @param done completed once the connection is cut
	 */
	record PendingCut(Predicate<List<String>> command, CompletableFuture<Void> done) {
	}

	/**
	 * A hold of one connection's replies waiting for its command.
	 *
	 * @param command which command it starts with
	 * @param duration how long that connection's replies are held
	 */
	record PendingHold(Predicate<List<String>> command, Duration duration) {
	}

}
