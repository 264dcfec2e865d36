package io.github.distlock.core;

/**
 * The store contract against the simulated session store, whose locks live with their holder's
 * session, as {@link SimulatedStoreContractTests} runs it against the lease store.
 */
class SimulatedSessionStoreContractTests extends SimulatedStoreContractTests {

	@Override
	SimulatedStore.Kind kind() {
		return SimulatedStore.Kind.SESSION;
	}

}
