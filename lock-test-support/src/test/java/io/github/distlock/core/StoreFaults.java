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

import java.util.Random;

/**
 * The faults a {@link SimulatedStore} injects in one exploration run, drawn from the
 * run's seed: a third of the runs have none, the others each fault with a chance of one
 * in four.
 *
 * @param slowReplies replies now and then late, up to half the command timeout
 * @param lostReplies replies now and then lost (the caller times out; the command may
 * have run), and the command now and then run a second time, as a client that sends it
 * again does
 * @param slowConnections a connection takes long to set up, the first time and after a
 * reset
 * @param resets connections reset: calls in flight fail, notices stop until the client is
 * back
 * @param serverPauses the server stalls for a while (a fork, a slow disk)
 * @param slowConfirmations a subscription's confirmation comes late
 * @param lostNotices release notices now and then lost, late or repeated
 * @param dataLoss the server restarts empty, or fails over to a replica that missed the
 * last writes (a lease store only)
 * @param fastClock the server's clock runs up to 1% fast and steps forward up to 2 ms, as
 * much as the protocol allows for (invariant 2), so leases end that much sooner in the
 * store
 */
record StoreFaults(boolean slowReplies, boolean lostReplies, boolean slowConnections, boolean resets,
		boolean serverPauses, boolean slowConfirmations, boolean lostNotices, boolean dataLoss, boolean fastClock) {

	static final StoreFaults NONE = new StoreFaults(false, false, false, false, false, false, false, false, false);

	static StoreFaults draw(Random random) {
		if (random.nextInt(3) == 0) {
			return NONE;
		}
		return new StoreFaults(one(random), one(random), one(random), one(random), one(random), one(random),
				one(random), one(random), one(random));
	}

	/**
	 * A fault in a quarter of the runs with faults, so that many runs have a few of them,
	 * not all.
	 */
	private static boolean one(Random random) {
		return random.nextInt(4) == 0;
	}

	/**
	 * Whether a call may take up to the command timeout: a reply late or lost, a reset, a
	 * stall.
	 */
	boolean slowsCalls() {
		return this.slowReplies || this.lostReplies || this.resets || this.serverPauses;
	}

	boolean any() {
		return !equals(NONE);
	}

}
