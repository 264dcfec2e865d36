package io.github.distlock.sample.goods;

/**
 * Thrown for a good whose stock was never set.
 */
public class UnknownGoodsException extends RuntimeException {

	public UnknownGoodsException(long goodsId) {
		super("Unknown good " + goodsId + "; set its stock first with POST /api/goods/" + goodsId + "/stock?quantity=N");
	}

}
