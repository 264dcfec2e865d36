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
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import io.github.distlock.store.Locker;
import io.github.distlock.store.Renewal;

/**
 * Keeps the store's expiry of every claim in line with its current holding (invariant 4
 * of PROTOCOL.md): sets a handed-over holding's lease, renews watchdog leases every renew
 * interval up to the maximum hold time, checks in during long runs of hand-offs to learn
 * whether other processes wait, and retries renewals that got no answer.
 *
 * <p>
 * Claims that need the store are queued to {@link RenewalSenders}, which renew them in
 * batches; at most one renewal of a claim is queued or in flight at a time. Watchdog
 * renewals come due on the ticks of a coarse clock, so that claims taken about the same
 * time share batches.
 */
final class LeaseKeeper implements AutoCloseable {

	/**
	 * After this long without a store answer, a hand-off asks the store whether others
	 * wait.
	 */
	static final Duration CHECK_IN = Duration.ofMillis(20);

	/**
	 * A fixed lease's store expiry this close to what the holding wants needs no renewal.
	 */
	private static final long MIN_TOLERANCE = TimeUnit.MILLISECONDS.toNanos(1);

	/** The shortest pause before a renewal that got no answer is tried again. */
	private static final long MIN_RETRY_DELAY = TimeUnit.MILLISECONDS.toNanos(10);

	private static final Log logger = LogFactory.getLog(LeaseKeeper.class);

	private final Locker locker;

	private final WatchdogSettings settings;

	private final LeaseEvents events;

	private final Timing timing;

	private final ScheduledExecutorService timer;

	/**
	 * Watchdog renewals are rounded down to this, a tenth of the renew interval (a second
	 * at most).
	 */
	private final long renewalTick;

	private final RenewalSenders senders;

	LeaseKeeper(Locker locker, WatchdogSettings settings, LeaseEvents events, Timing timing) {
		this.locker = locker;
		this.settings = settings;
		this.events = events;
		this.timing = timing;
		this.timer = timing.newScheduler("distlock-watchdog");
		this.senders = new RenewalSenders(this::send, timing);
		this.renewalTick = Math.max(1, Math.min(settings.renewInterval().toNanos() / 10, TimeUnit.SECONDS.toNanos(1)));
	}

	/**
	 * A claim was taken from the store for the given holding: its first renewal is due a
	 * renew interval after its lease began, however long the acquisition's answer took to
	 * come back.
	 */
	void acquired(Holding holding) {
		if (holding.request().watchdog()) {
			long sinceLeaseBegan = this.timing.nanoTime() - holding.startedAt();
			scheduleRenewal(holding.claim(),
					Duration.ofNanos(Math.max(0, this.settings.renewInterval().toNanos() - sinceLeaseBegan)));
		}
	}

	/**
	 * The claim was handed to a new holding: sets its lease in the store when it differs
	 * from what the store has by more than a hundredth of the lease, and checks in when
	 * due.
	 */
	void handedOff(Holding next) {
		Claim claim = next.claim();
		long now = this.timing.nanoTime();
		if (storeLeaseIsOff(next, now) || now - claim.lastAnswerAt() >= CHECK_IN.toNanos()) {
			request(claim);
		}
		else if (next.request().watchdog()) {
			claim.renewal.scheduleUnlessScheduled(() -> scheduled(claim, this.settings.renewInterval()));
		}
	}

	private boolean storeLeaseIsOff(Holding holding, long now) {
		long asked = holding.claim().renewal.askedExpiry();
		long lease = holding.request().lease().toNanos();
		if (holding.request().watchdog()) {
			return asked - now < lease - this.settings.renewInterval().toNanos();
		}
		return Math.abs(holding.leaseEnd() - asked) > Math.max(MIN_TOLERANCE, lease / 100);
	}

	/** The claim goes back to the store: no more renewals for it. */
	void released(Claim claim) {
		claim.renewal.schedule(null);
	}

	private void scheduleRenewal(Claim claim, Duration delay) {
		claim.renewal.schedule(scheduled(claim, delay));
	}

	/**
	 * Schedules a renewal on the last tick of a coarse clock before {@code delay} has
	 * passed, so claims that come due about the same time are renewed in the same batch,
	 * and none later than asked.
	 */
	private @Nullable ScheduledFuture<?> scheduled(Claim claim, Duration delay) {
		long tick = this.renewalTick;
		long now = this.timing.nanoTime();
		long due = Math.floorDiv(now + delay.toNanos(), tick) * tick;
		try {
			return this.timer.schedule(() -> request(claim), due - now, TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			// Closed: the application is stopping, and its locks expire by their leases.
			return null;
		}
	}

	private void request(Claim claim) {
		if (claim.renewal.request()) {
			this.senders.queue(claim);
		}
	}

	private void send(List<Claim> claims) {
		RenewalBatch batch = new RenewalBatch(this.timing.nanoTime());
		for (Claim claim : claims) {
			Holding holding = claim.local().holdingOf(claim);
			if (holding != null && holding.isHeld() && !holding.isAbandoned()) {
				batch.add(claim, holding, wantedExpiry(holding, batch.sentAt()));
			}
			else {
				if (holding != null && !holding.isReleased() && !holding.isAbandoned()) {
					this.events.leaseLost(holding,
							"ran out before its renewal could be sent (this JVM may have been paused "
									+ "or starved of CPU, or the store answered too slowly)");
				}
				finished(claim);
			}
		}
		if (!batch.isEmpty()) {
			answer(batch);
		}
	}

	private void answer(RenewalBatch batch) {
		// The store may apply a request as soon as it is sent: one that shortens a lease
		// bounds it from then on.
		for (int i = 0; i < batch.size(); i++) {
			batch.claim(i).unconfirmed(batch.storeExpiry(i));
		}
		List<Renewal> renewals;
		try {
			renewals = this.locker.renew(batch.requests());
		}
		catch (RuntimeException ex) {
			batch.ended();
			unanswered(batch, ex);
			return;
		}
		batch.ended();
		int unanswered = 0;
		for (int i = 0; i < batch.size(); i++) {
			Claim claim = batch.claim(i);
			Renewal renewal = renewals.get(i);
			if (!renewal.answered()) {
				retry(claim);
				unanswered++;
				continue;
			}
			if (renewal.renewed()) {
				claim.renewed(batch.storeExpiry(i), renewal.othersWaiting());
				this.events.renewed(batch.holding(i));
				if (isAtMaxHold(batch.holding(i), batch.expiry(i))) {
					this.events.maxHoldReached(batch.holding(i));
				}
			}
			else {
				lost(claim);
			}
			finished(claim);
		}
		if (unanswered > 0) {
			logger.warn("The store did not answer for " + unanswered + " of " + batch.size()
					+ " lock(s) renewed together;" + " retrying those");
		}
	}

	private void lost(Claim claim) {
		claim.markLost();
		Holding current = claim.local().holdingOf(claim);
		if (current != null) {
			this.events.leaseLost(current, "expired or was taken by another holder before it could be renewed");
		}
	}

	private void unanswered(RenewalBatch batch, RuntimeException ex) {
		for (int i = 0; i < batch.size(); i++) {
			retry(batch.claim(i));
		}
		logger.warn("Could not renew " + batch.size() + " lock(s), the first '" + batch.claim(0).key() + "' with "
				+ batch.holding(0).remainingLease().toMillis() + " ms left; retrying", ex);
	}

	/**
	 * A renewal got no answer: its bound came down, so the head re-measures, and it is
	 * sent again soon.
	 */
	private void retry(Claim claim) {
		claim.local().holdingChanged();
		if (claim.renewal.done()) {
			request(claim);
		}
		else {
			scheduleRenewal(claim, retryDelay(claim));
		}
	}

	/**
	 * Ends a claim's renewal: asks again if a request came meanwhile, else schedules the
	 * watchdog.
	 */
	private void finished(Claim claim) {
		claim.local().holdingChanged();
		if (claim.renewal.done()) {
			request(claim);
			return;
		}
		Holding current = claim.local().holdingOf(claim);
		if (current != null && current.request().watchdog() && current.isHeld() && !current.isAbandoned()
				&& !isAtMaxHold(current, claim.renewal.askedExpiry())) {
			scheduleRenewal(claim, this.settings.renewInterval());
		}
	}

	private static boolean isAtMaxHold(Holding holding, long expiry) {
		return holding.request().watchdog() && expiry == holding.leaseEnd();
	}

	/**
	 * The store expiry a holding wants now: the end of a fixed lease; a watchdog lease
	 * from now, capped at the maximum hold time.
	 */
	private long wantedExpiry(Holding holding, long now) {
		if (!holding.request().watchdog()) {
			return holding.leaseEnd();
		}
		long renewed = now + holding.request().lease().toNanos();
		return (renewed - holding.leaseEnd() >= 0) ? holding.leaseEnd() : renewed;
	}

	/**
	 * A renewal that got no answer is tried again well before what the store surely has
	 * runs out, and no later than the renew interval.
	 */
	private Duration retryDelay(Claim claim) {
		long left = claim.confirmedExpiry() - this.timing.nanoTime();
		long delay = Math.min(this.settings.renewInterval().toNanos(), left / 3);
		return Duration.ofNanos(Math.max(MIN_RETRY_DELAY, delay));
	}

	@Override
	public void close() {
		this.timer.shutdownNow();
		this.senders.close();
	}

}
