package io.github.distlock.sample.sale;

/**
 * Thrown for a sale id that the app does not know (any more: it keeps the last few).
 */
public class UnknownSaleException extends RuntimeException {

	UnknownSaleException(String saleId) {
		super("Unknown sale '" + saleId + "'; GET /api/sales lists the last " + SaleService.HISTORY + " finished sales");
	}

}
