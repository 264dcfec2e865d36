package io.github.distlock.core;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.log.LogMessage;

/**
 * Renews the leases of locks held in watchdog mode, all of them on one scheduler thread.
 * Renewal stops when the lock is released, when a renewal finds the lock gone, when the maximum
 * hold time is reached, and with the process.
 */
final class Watchdog {

	private static final Log logger = LogFactory.getLog(Watchdog.class);

	private final Locker locker;

	private final LockSettings settings;

	private final LeaseEvents events;

	private final ScheduledExecutorService scheduler = Executors
		.newSingleThreadScheduledExecutor(DaemonThreads.named("distlock-watchdog"));

	Watchdog(Locker locker, LockSettings settings, LeaseEvents events) {
		this.locker = locker;
		this.settings = settings;
		this.events = events;
	}

	void watch(Holding holding) {
		long interval = this.settings.renewInterval().toNanos();
		holding.renewWith(this.scheduler.scheduleWithFixedDelay(() -> renew(holding), interval, interval,
				TimeUnit.NANOSECONDS));
	}

	private void renew(Holding holding) {
		if (!holding.isGranted()) {
			// Handed over ahead of the store's answer, which is still to come: renew next time.
			return;
		}
		Duration lease = nextLease(holding);
		if (lease.isZero()) {
			holding.stopRenewal();
			logger.warn(LogMessage.format("Lock '%s' reached the maximum hold time of %s and is no longer renewed; "
					+ "it expires in %d ms", holding.key(), this.settings.maxHold(), holding.remainingLease().toMillis()));
			return;
		}
		long sentAt = System.nanoTime();
		try {
			if (this.locker.renew(holding.key(), holding.owner(), lease)) {
				holding.extended(sentAt, lease);
			}
			else if (!holding.isReleased()) {
				this.events.leaseLost(holding, "expired or was taken by another holder before it could be renewed");
			}
		}
		catch (RuntimeException ex) {
			logger.warn(LogMessage.format("Could not renew lock '%s'; retrying in %s, the lease has %d ms left",
					holding.key(), this.settings.renewInterval(), holding.remainingLease().toMillis()), ex);
		}
	}

	void close() {
		this.scheduler.shutdownNow();
	}

	/** The watchdog lease, cut short so the lock expires when the maximum hold time is reached. */
	private Duration nextLease(Holding holding) {
		Duration lease = holding.request().lease();
		if (this.settings.maxHold() == null) {
			return lease;
		}
		Duration held = Duration.ofNanos(System.nanoTime() - holding.acquiredAt());
		Duration left = this.settings.maxHold().minus(held);
		if (left.isNegative() || left.isZero()) {
			return Duration.ZERO;
		}
		return (left.compareTo(lease) < 0) ? left : lease;
	}

}
