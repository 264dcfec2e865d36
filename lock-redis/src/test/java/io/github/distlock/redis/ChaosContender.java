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

package io.github.distlock.redis;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.github.distlock.LockHandle;
import io.github.distlock.LockStoreException;
import io.github.distlock.core.DefaultLockTemplate;

/**
 * One thread of a {@link ChaosContenderProcess}: takes random keys while faults are
 * injected, then every key once more after they stopped, each time with a generous wait
 * that must suffice. Each holding mints its fencing token and does one fenced
 * read-modify-write of its key's counter on the data server ({@link FencedCounters}).
 */
final class ChaosContender implements Callable<Void> {

	/**
	 * Fixed leases, and the watchdog's lease; longer than every fault the test injects.
	 */
	static final Duration LEASE = Duration.ofSeconds(2);

	private static final Duration WAIT_DURING_FAULTS = Duration.ofSeconds(5);

	/**
	 * How long each thread waits for each key once faults stopped: far longer than it can
	 * take.
	 */
	static final Duration WAIT_ONCE_CALM = Duration.ofSeconds(20);

	/**
	 * Longer than the lease, so that only the watchdog's renewals, through the faults,
	 * keep it.
	 */
	private static final Duration LONG_HOLD = LEASE.plusMillis(500);

	/** One watchdog holding in this many is a long hold. */
	private static final int LONG_HOLD_ODDS = 200;

	private static final Log logger = LogFactory.getLog(ChaosContender.class);

	private final String name;

	private final DefaultLockTemplate template;

	private final FencedCounters counters;

	private final ChaosSignals signals;

	private final ContenderTally tally;

	private final List<String> keys;

	private final Random random;

	private final BooleanSupplier faultsOn;

	ChaosContender(String name, DefaultLockTemplate template, FencedCounters counters, ChaosSignals signals,
			ContenderTally tally, List<String> keys, Random random, BooleanSupplier faultsOn) {
		this.name = name;
		this.template = template;
		this.counters = counters;
		this.signals = signals;
		this.tally = tally;
		this.keys = keys;
		this.random = random;
		this.faultsOn = faultsOn;
	}

	@Override
	public Void call() throws InterruptedException {
		Thread.currentThread().setName(this.name);
		while (this.faultsOn.getAsBoolean()) {
			String key = this.keys.get(this.random.nextInt(this.keys.size()));
			count(key, attempt(key, this.random.nextBoolean(), WAIT_DURING_FAULTS));
		}
		for (String key : this.keys) {
			Outcome outcome = attempt(key, false, WAIT_ONCE_CALM);
			count(key, outcome);
			this.tally.add((outcome == Outcome.DONE) ? ContenderTally.FINAL_DONE : ContenderTally.FINAL_MISSED);
			if (outcome != Outcome.DONE) {
				this.signals.error(this.name + " could not take '" + key + "' within " + WAIT_ONCE_CALM
						+ " after faults stopped: " + outcome);
			}
		}
		return null;
	}

	private void count(String key, Outcome outcome) {
		this.tally.add((outcome == Outcome.DONE) ? ContenderTally.sections(key) : outcome.countName);
	}

	private Outcome attempt(String key, boolean watchdog, Duration wait) throws InterruptedException {
		Optional<LockHandle> acquired;
		try {
			acquired = this.template.tryAcquire(key, watchdog ? null : LEASE, wait);
		}
		catch (LockStoreException ex) {
			logger.info(this.name + ": " + ex.getMessage());
			return Outcome.STORE_FAILED;
		}
		if (acquired.isEmpty()) {
			return Outcome.BUSY;
		}
		try (LockHandle handle = acquired.get()) {
			return guarded(handle, watchdog);
		}
	}

	/**
	 * One fenced read-modify-write, as an application guarding data outside Redis does
	 * it, then the verdict. The data server refuses one of any two sections that overlap
	 * there ({@link FencedCounters}). A refused section whose holder still holds the lock
	 * afterwards means that two holders held it at once: {@code isHeld()} is true only
	 * while the lock is surely still held in Redis, and the other section's token was
	 * minted in Redis for the other holder within that time. A refused section whose
	 * holder lost its lease is the fence doing its job.
	 */
	private Outcome guarded(LockHandle handle, boolean watchdog) throws InterruptedException {
		long token;
		try {
			token = handle.fencingToken();
		}
		catch (LockStoreException | IllegalStateException ex) {
			logger.info(this.name + ": " + ex.getMessage());
			return Outcome.NO_TOKEN;
		}
		boolean written = readModifyWrite(handle.key(), token, watchdog);
		if (handle.isHeld()) {
			if (!written) {
				this.signals.error(this.name + ": the data server refused token " + token + " of '" + handle.key()
						+ "' while its holder still held the lock");
			}
			return written ? Outcome.DONE : Outcome.REFUSED_WHILE_HELD;
		}
		logger.info(this.name + ": lost the lease of '" + handle.key() + "' during its section, which was "
				+ (written ? "written" : "refused"));
		this.tally.add(ContenderTally.LOST_LEASES);
		return written ? Outcome.DONE : Outcome.FENCED;
	}

	private boolean readModifyWrite(String key, long token, boolean watchdog) throws InterruptedException {
		long value = this.counters.enter(key, token);
		if (value == FencedCounters.REFUSED) {
			return false;
		}
		work(watchdog);
		return this.counters.leave(key, token, value + 1);
	}

	private void work(boolean watchdog) throws InterruptedException {
		if (watchdog && this.random.nextInt(LONG_HOLD_ODDS) == 0) {
			this.tally.add(ContenderTally.LONG_HOLDS);
			Thread.sleep(LONG_HOLD.toMillis());
		}
		else {
			// a little time inside, so that a second holder would overlap
			Thread.sleep(this.random.nextInt(3));
		}
	}

	/** How one attempt ended, and the count it adds to unless it is done. */
	private enum Outcome {

		DONE(ContenderTally.SECTIONS), BUSY(ContenderTally.BUSY), STORE_FAILED(ContenderTally.STORE_FAILED),
		NO_TOKEN(ContenderTally.NO_TOKEN), FENCED(ContenderTally.FENCED),
		REFUSED_WHILE_HELD(ContenderTally.REFUSED_WHILE_HELD);

		private final String countName;

		Outcome(String countName) {
			this.countName = countName;
		}

	}

}
