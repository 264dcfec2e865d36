package io.github.distlock.sample.goods;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockNotAcquiredException;

import org.springframework.stereotype.Component;

/**
 * The classic purchase under one distributed lock per good, waiting up to 5 s for it: a flash
 * sale with more buyers than stock sells out.
 */
@Component
class LockedPurchase {

	private final ClassicPurchase classic;

	LockedPurchase(ClassicPurchase classic) {
		this.classic = classic;
	}

	@DistributedLock(name = "goods", key = "#goodsId", waitMs = 5000, fallback = "busy")
	public PurchaseResult purchase(long goodsId, long userId) {
		return this.classic.readModifyWrite(goodsId, userId, BuyMode.LOCK);
	}

	PurchaseResult busy(long goodsId, long userId, LockNotAcquiredException ex) {
		return PurchaseResult.refused("BUSY", goodsId, userId, BuyMode.LOCK);
	}

}
