package io.github.distlock.sample.goods;

/**
 * A good as the API shows it.
 *
 * @param goodsId the good's id
 * @param stock units left, over all segments
 * @param sold units sold
 * @param initial the stock that was set
 * @param buyers how many users bought it
 * @param segments how many segments the stock is split into
 */
public record Goods(long goodsId, long stock, long sold, long initial, long buyers, int segments) {

}
