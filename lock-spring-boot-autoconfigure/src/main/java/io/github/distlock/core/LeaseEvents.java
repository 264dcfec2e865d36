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

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.core.log.LogMessage;

/**
 * Reports what makes the data a lock protects unsafe: a lease found lost, a release that
 * could not reach the store, each told to the listeners and logged once as a WARN; and
 * renewals, told to the listeners.
 */
final class LeaseEvents {

	private static final Log logger = LogFactory.getLog(LeaseEvents.class);

	private final LockListener listener;

	LeaseEvents(LockListener listener) {
		this.listener = listener;
	}

	/**
	 * Marks the holding's lease lost for good and reports it, unless it was known to be
	 * lost.
	 * @param what what happened to the lock, completing "Lock 'k' ..."
	 */
	void leaseLost(Holding holding, String what) {
		if (holding.markLost()) {
			this.listener.leaseLost(holding.key());
			logger.warn(LogMessage.format(
					"Lock '%s' %s. The integrity of data protected by this lock may have been " + "compromised.",
					holding.key(), what));
		}
	}

	void releaseFailed(Holding holding, RuntimeException ex) {
		this.listener.releaseFailed(holding.key());
		logger.warn(LogMessage.format("Could not release lock '%s'; it expires by its lease in at most %d ms",
				holding.key(), holding.remainingLease().toMillis()), ex);
	}

	void renewed(Holding holding) {
		this.listener.renewed(holding.key());
	}

	void handedOver(Holding next) {
		this.listener.handedOver(next.key());
	}

	void maxHoldReached(Holding holding) {
		logger.warn(LogMessage.format(
				"Lock '%s' reached the maximum hold time of %s and is no longer renewed; " + "it expires in %d ms",
				holding.key(), holding.request().maxHold(), holding.remainingLease().toMillis()));
	}

	void abandoned(Holding holding) {
		logger.warn(LogMessage.format("Lock '%s' was never released, and no code can reach its handle any more; it "
				+ "is no longer renewed and expires in at most %d ms. Close every LockHandle, for example with "
				+ "try-with-resources.", holding.key(), holding.remainingLease().toMillis()));
	}

}
