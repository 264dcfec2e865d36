package io.github.distlock.sample.sale;

/**
 * Thrown when a sale is started while another one runs.
 */
public class SaleAlreadyRunningException extends IllegalStateException {

	SaleAlreadyRunningException() {
		super("A sale is already running");
	}

}
