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

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import io.github.distlock.LockHandle;
import io.github.distlock.core.Simulation.SimulatedProcess;
import io.github.distlock.test.support.internal.ExplorationObserver;
import io.github.distlock.test.support.internal.ExplorationPlan;
import io.github.distlock.test.support.internal.ExploredProcess;

import static io.github.distlock.test.support.internal.ExplorationTrace.millis;

/**
 * The invariants of PROTOCOL.md that the exploration checks after every step of a run,
 * from the holdings the workers hold, the threads that wait, the fenced writes, and the
 * store's truth. A broken invariant fails the run, naming what broke, when, and who.
 */
final class ExplorationChecks implements ExplorationObserver {

	/**
	 * How soon a process that knows a lock it waits for is free tries to take it (virtual
	 * time).
	 */
	private static final long KNOWN_FREE_TRY = TimeUnit.MILLISECONDS.toNanos(20);

	private final Simulation simulation;

	private final ExploredStore store;

	private final List<Held> held = new ArrayList<>();

	private final List<Waiting> waiting = new ArrayList<>();

	/**
	 * Every claim seen, so that a claim new from the store is told from one handed over.
	 */
	private final Set<Claim> claims = Collections.newSetFromMap(new IdentityHashMap<>());

	/** The highest fencing token written to each key's fenced register. */
	private final Map<String, Long> register = new LinkedHashMap<>();

	/**
	 * Since when (virtual) each key has been free in the store while a thread waited for
	 * it.
	 */
	private final Map<String, Long> freeWhileWaited = new LinkedHashMap<>();

	/**
	 * Per key free in the store, the last holder refused a token for it: when, and in
	 * which process.
	 */
	private final Map<String, Refusal> refusals = new LinkedHashMap<>();

	private final long freeBound;

	/**
	 * Whether a holding lost before its lease ends is a defect: the store answers in
	 * time, no process pauses.
	 */
	private final boolean lossesAreDefects;

	private final long unnoticedFreeBound;

	private final long overrunBound;

	ExplorationChecks(Simulation simulation, ExploredStore store, ExplorationPlan plan) {
		this.simulation = simulation;
		this.store = store;
		long call = store.longestCallNanos();
		// A waiter looks again at the latest when the holder's lease, as told at its busy
		// answer, runs out
		// (or every 200 ms while notices are down); then one round trip, which may time
		// out and be retried.
		long recheck = store.mayLoseNotices() ? Math.max(plan.longestLease().toNanos(), store.longestBusySleepNanos())
				: LockCoordinator.RECHECK_WITHOUT_NOTICES.toNanos() + TimeUnit.MILLISECONDS.toNanos(100);
		this.freeBound = recheck + 3 * call + store.longestConfirmationNanos();
		this.unnoticedFreeBound = Math.max(plan.longestLease().toNanos(), store.longestBusySleepNanos()) + 3 * call
				+ store.longestConfirmationNanos();
		// The last attempt may begin just before the deadline, and take one call.
		this.overrunBound = call + TimeUnit.MILLISECONDS.toNanos(20);
		this.lossesAreDefects = store.answersInTime() && !plan.pauses();
	}

	/**
	 * A worker took a lock: it counts among the holders while it is held. A claim new
	 * from the store counts its lease from when the store was sent the command that took
	 * it (invariant 2).
	 */
	@Override
	public void took(String key, LockHandle taken, String who) {
		// The simulation's templates are the core's own: their handles, its holdings.
		HoldingHandle handle = (HoldingHandle) taken;
		this.held.add(new Held(key, handle, who));
		Claim claim = handle.holding().claim();
		if (this.claims.add(claim) && handle.isHeld() && claim.owner().equals(this.store.ownerAt(key))) {
			long lease = handle.holding().request().lease().toNanos();
			long sentAt = this.store.acquireSentAt(key);
			long counted = claim.confirmedExpiry() - Claim.storeExpiry(sentAt, lease);
			if (counted < 0) {
				fail(who + " counts the lease of '" + key + "' from " + millis(-counted)
						+ " ms before the store was sent" + " the command that took it");
			}
		}
	}

	/** A thread starts waiting for a lock, until {@code deadline} (virtual). */
	@Override
	public Object startsWaiting(String key, long deadline, @Nullable ExploredProcess process, String who) {
		Waiting entry = new Waiting(key, this.simulation.nanoTime(), deadline, (SimulatedProcess) process, who);
		this.waiting.add(entry);
		return entry;
	}

	/**
	 * The thread stopped waiting; its call took from {@code startedAt} to now, which must
	 * not pass its wait by more than a bound, less any time its process was paused.
	 */
	@Override
	public void stopsWaiting(Object entry, long startedAt, long waitNanos, long pausedNanos, String who) {
		this.waiting.remove(entry);
		long took = this.simulation.nanoTime() - startedAt - pausedNanos;
		if (took - waitNanos > this.overrunBound) {
			fail(who + " waited " + millis(took) + " ms for a wait of " + millis(waitNanos) + " ms");
		}
	}

	/**
	 * A holder writes to the key's fenced register with its token. A holding still held
	 * must be let through: every token written before came from an earlier holding
	 * (invariant 6); unless the store may have lost the lock while its holder still held
	 * it.
	 */
	@Override
	public void writes(String key, LockHandle handle, long token, boolean held, String who) {
		long highest = this.register.getOrDefault(key, 0L);
		if (token >= highest) {
			this.register.put(key, token);
		}
		else if (held && !this.store.mayBreakExclusion()) {
			fail(who + " holds '" + key + "' with fencing token " + token + " but " + highest + " was written before");
		}
	}

	@Override
	public void refusedToken(String key, @Nullable ExploredProcess process) {
		this.refusals.put(key, new Refusal(this.simulation.nanoTime(), (SimulatedProcess) process));
	}

	@Override
	public void releasing(String key, LockHandle handle, String who) {
		// Checked at every step: nothing to record.
	}

	/**
	 * After every step: exclusion, held means held in the store, free locks are taken,
	 * and, while the store answers in time and no process pauses, no holding lost before
	 * its lease ends.
	 */
	void afterStep() {
		this.held.removeIf(this::endedOrLost);
		if (!this.store.mayBreakExclusion()) {
			checkExclusion();
		}
		checkFreeLocksAreTaken();
		checkKnownFreeLocksAreTried();
	}

	private boolean endedOrLost(Held entry) {
		if (entry.handle.isHeld()) {
			return false;
		}
		Holding holding = entry.handle.holding();
		// A holding counts on its lease less the store clock's allowance and the store's
		// rounding down
		// to whole milliseconds (invariant 2), and a hand-off leaves the store's lease
		// alone when it is
		// within a hundredth of the holding's (invariant 4).
		long lease = holding.request().lease().toNanos();
		long end = holding.leaseEnd() - Claim.clockAllowance(lease) - lease / 100 - TimeUnit.MILLISECONDS.toNanos(2);
		if (this.lossesAreDefects && !holding.isReleased() && this.simulation.nanoTime() - end < 0) {
			String early = holding.request().watchdog() ? "while its watchdog should have kept it"
					: millis(end - this.simulation.nanoTime()) + " ms before its lease ends";
			fail(entry.who + " lost '" + entry.key + "' " + early + ", though the store answered every call in time");
		}
		return true;
	}

	private void checkExclusion() {
		Map<String, Held> holderByKey = new LinkedHashMap<>();
		for (Held entry : this.held) {
			Held other = holderByKey.putIfAbsent(entry.key, entry);
			if (other != null && other.handle.holding() != entry.handle.holding()) {
				fail("'" + entry.key + "' is held by " + other.who + " and by " + entry.who + " at once");
			}
			String owner = this.store.ownerAt(entry.key);
			String claimed = entry.handle.holding().claim().owner();
			if (!claimed.equals(owner)) {
				fail(entry.who + " holds '" + entry.key + "' but the store's owner is " + owner + ", not " + claimed);
			}
		}
	}

	private void checkFreeLocksAreTaken() {
		long now = this.simulation.nanoTime();
		for (String key : waitedKeys(now)) {
			// A holding still held while the store lost the lock is a fault's doing: its
			// waiters rightly sleep.
			if (this.store.ownerAt(key) != null || this.store.queuedFor(key)
					|| this.held.stream().anyMatch((entry) -> entry.key.equals(key))) {
				this.freeWhileWaited.remove(key);
				continue;
			}
			long since = this.freeWhileWaited.computeIfAbsent(key, (k) -> now);
			if (now - since > (this.store.freedWithoutNotice(key) ? this.unnoticedFreeBound : this.freeBound)) {
				fail("'" + key + "' has been free for " + millis(now - since) + " ms while threads waited for it: "
						+ this.waiting.stream()
							.filter((entry) -> entry.key.equals(key))
							.map((entry) -> entry + " since " + this.simulation.millisSinceStart(entry.since) + " ms")
							.toList());
			}
		}
		this.freeWhileWaited.keySet().retainAll(waitedKeys(now));
	}

	/**
	 * A process whose holder was refused a token knows the lock is no longer its own:
	 * while the lock is free and a thread of that process waits for it, the process tries
	 * to take it at once (or as soon as its thread began to wait, a pause ended, or its
	 * last call on the lock ended), needing neither a notice nor a re-check. A
	 * subscription whose confirmation the thread at the store awaits counts as a call:
	 * after a busy answer, invariant 9 has it subscribe and attempt again only once the
	 * store confirmed, or its wait is over (Locker.subscribe's confirmWithin), however
	 * free the lock is meanwhile; that wait is bounded by checkFreeLocksAreTaken, whose
	 * bound counts the longest confirmation.
	 */
	private void checkKnownFreeLocksAreTried() {
		long now = this.simulation.nanoTime();
		this.refusals.entrySet().removeIf((entry) -> this.store.ownerAt(entry.getKey()) != null);
		this.refusals.forEach((key, refusal) -> {
			SimulatedProcess process = refusal.process;
			if (process == null || process.isPausedAt(now) || this.store.queuedFor(key)
					|| this.held.stream().anyMatch((entry) -> entry.key.equals(key))) {
				return;
			}
			List<Waiting> waiters = this.waiting.stream()
				.filter((entry) -> entry.key.equals(key) && entry.process == process
						&& entry.deadline - now > KNOWN_FREE_TRY)
				.toList();
			if (waiters.isEmpty()) {
				return;
			}
			long since = Simulation.later(Simulation.later(refusal.at, process.pausedUntil()), waiters.get(0).since);
			long idle = this.store.idleSince(key, process.name(), since);
			if (now - idle > KNOWN_FREE_TRY) {
				fail("'" + key + "' has been free for " + millis(now - since) + " ms while " + process
						+ ", whose holder was refused a token for it, waited for it without trying to take it for "
						+ millis(now - idle) + " ms: "
						+ this.waiting.stream()
							.filter((entry) -> entry.key.equals(key) && entry.process == process)
							.toList());
			}
		});
	}

	/**
	 * Keys a thread of a running process waits for, with more than the bound of its wait
	 * left.
	 */
	private List<String> waitedKeys(long now) {
		List<String> keys = new ArrayList<>();
		for (Waiting entry : this.waiting) {
			boolean running = entry.process == null || !entry.process.isPausedAt(now);
			if (running && entry.deadline - now > this.freeBound && !keys.contains(entry.key)) {
				keys.add(entry.key);
			}
		}
		return keys;
	}

	private void fail(String what) {
		this.simulation.failed(new AssertionError(
				"At " + this.simulation.millisSinceStart(this.simulation.nanoTime()) + " ms: " + what));
	}

	private record Held(String key, HoldingHandle handle, String who) {
	}

	private record Refusal(long at, @Nullable SimulatedProcess process) {
	}

	private record Waiting(String key, long since, long deadline, @Nullable SimulatedProcess process, String who) {

		@Override
		public String toString() {
			return this.who + " for a wait of " + millis(this.deadline - this.since) + " ms";
		}

	}

}
