package io.github.distlock.core;

/**
 * What a releasing holding does once {@link LocalLock#release} has decided.
 */
sealed interface ReleaseStep {

	/** The holding was taken over before it was released: nothing is left to do. */
	ReleaseStep NOTHING = new Nothing();

	record Nothing() implements ReleaseStep {
	}

	/**
	 * The claim went to the head waiter, with no round trip.
	 * @param next the waiter's new holding
	 */
	record HandedOff(Holding next) implements ReleaseStep {
	}

	/**
	 * The claim goes back to the store.
	 * @param claim the claim
	 * @param giveWay whether to give way to other processes' waiters, local waiters remaining
	 */
	record GiveBack(Claim claim, boolean giveWay) implements ReleaseStep {
	}

}
