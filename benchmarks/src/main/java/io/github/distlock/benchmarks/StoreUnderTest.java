package io.github.distlock.benchmarks;

import java.util.List;

/**
 * A lock store started for the store comparison, and the two ways of locking on it that the
 * comparison measures: the best known peer on that store, then distlock.
 */
interface StoreUnderTest extends AutoCloseable {

	/**
	 * Returns the store's name, as {@code distlock.store} takes it.
	 * @return the name
	 */
	String name();

	/**
	 * Connects the baseline and distlock to the store, under a namespace of their own.
	 * @param namespace first part of every lock's name
	 * @return the baseline, then distlock
	 */
	List<Contender> contenders(String namespace);

	@Override
	void close();

}
