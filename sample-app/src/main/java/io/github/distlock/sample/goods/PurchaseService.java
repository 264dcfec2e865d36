package io.github.distlock.sample.goods;

import org.springframework.stereotype.Service;

/**
 * Buys one unit of a good in the chosen mode.
 */
@Service
public class PurchaseService {

	private final GoodsStore store;

	private final LockedPurchase locked;

	private final SegmentedPurchase segmented;

	private final AtomicPurchase atomic;

	private final ClassicPurchase classic;

	PurchaseService(GoodsStore store, LockedPurchase locked, SegmentedPurchase segmented, AtomicPurchase atomic,
			ClassicPurchase classic) {
		this.store = store;
		this.locked = locked;
		this.segmented = segmented;
		this.atomic = atomic;
		this.classic = classic;
	}

	/**
	 * Buys one unit.
	 * @throws UnknownGoodsException if the good's stock was never set
	 */
	public PurchaseResult purchase(long goodsId, long userId, BuyMode mode) {
		if (!this.store.exists(goodsId)) {
			throw new UnknownGoodsException(goodsId);
		}
		return switch (mode) {
			case LOCK -> this.locked.purchase(goodsId, userId);
			case SEGMENTED -> this.segmented.purchase(goodsId, userId);
			case ATOMIC -> this.atomic.purchase(goodsId, userId);
			case UNSAFE -> this.classic.readModifyWrite(goodsId, userId, BuyMode.UNSAFE);
		};
	}

}
