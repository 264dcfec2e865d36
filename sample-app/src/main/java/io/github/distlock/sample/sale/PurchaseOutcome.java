package io.github.distlock.sample.sale;

/**
 * How one purchase request ended, as the load sees it.
 */
enum PurchaseOutcome {

	/** 200 with {@code "success":true}. */
	SUCCEEDED,
	/** 409 with {@code "reason":"SOLD_OUT"}. */
	SOLD_OUT,
	/** 409 with {@code "reason":"ALREADY_BOUGHT"}. */
	ALREADY_BOUGHT,
	/** 409 with {@code "reason":"BUSY"}: the lock stayed busy for the whole wait. */
	BUSY,
	/** Any other answer, or no answer at all. */
	ERROR;

	/** The outcome of a refusal with the given reason. */
	static PurchaseOutcome refused(String reason) {
		return switch (reason) {
			case "SOLD_OUT" -> SOLD_OUT;
			case "ALREADY_BOUGHT" -> ALREADY_BOUGHT;
			case "BUSY" -> BUSY;
			default -> ERROR;
		};
	}

}
