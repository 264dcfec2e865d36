package io.github.distlock.sample.goods;

import org.jspecify.annotations.Nullable;

/**
 * The outcome of one purchase.
 *
 * @param success whether the user bought one unit
 * @param reason why not ({@code SOLD_OUT}, {@code ALREADY_BOUGHT}, {@code BUSY}), or {@code null}
 * @param goodsId the good
 * @param userId the buyer
 * @param mode how it was bought
 */
public record PurchaseResult(boolean success, @Nullable String reason, long goodsId, long userId, String mode) {

	static PurchaseResult bought(long goodsId, long userId, BuyMode mode) {
		return new PurchaseResult(true, null, goodsId, userId, mode.toString());
	}

	static PurchaseResult refused(String reason, long goodsId, long userId, BuyMode mode) {
		return new PurchaseResult(false, reason, goodsId, userId, mode.toString());
	}

}
