package io.github.distlock.sample.goods;

import java.util.List;

import org.springframework.stereotype.Component;

/**
 * The purchase as it is written in the field: read the stock, check it, write it back
 * decremented, record the order and the buyer. Correct only when one caller runs it at a time.
 */
@Component
class ClassicPurchase {

	private final GoodsStore store;

	ClassicPurchase(GoodsStore store) {
		this.store = store;
	}

	PurchaseResult readModifyWrite(long goodsId, long userId, BuyMode mode) {
		if (this.store.hasBought(goodsId, userId)) {
			return PurchaseResult.refused("ALREADY_BOUGHT", goodsId, userId, mode);
		}
		int segment = firstWithStock(this.store.segmentStocks(goodsId));
		if (segment < 0) {
			return PurchaseResult.refused("SOLD_OUT", goodsId, userId, mode);
		}
		long stock = this.store.segmentStock(goodsId, segment);
		this.store.writeSegmentStock(goodsId, segment, stock - 1);
		this.store.countSale(goodsId);
		this.store.claimBuyer(goodsId, userId);
		return PurchaseResult.bought(goodsId, userId, mode);
	}

	private static int firstWithStock(List<Long> stocks) {
		for (int i = 0; i < stocks.size(); i++) {
			if (stocks.get(i) > 0) {
				return i;
			}
		}
		return -1;
	}

}
