package io.github.distlock.sample.sale;

/**
 * Where a sale started through the API is.
 */
public enum SaleState {

	/** Purchases are being sent. */
	RUNNING,
	/** Every purchase was answered and the good read back. */
	DONE,
	/** The sale stopped early: it could not set the stock or read the good back, or its deadline passed. */
	FAILED

}
