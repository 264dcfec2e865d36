package io.github.distlock.sample.goods;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.springframework.context.annotation.ImportRuntimeHints;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * The purchase as one Lua script with no lock: the reference for what a lock costs.
 */
@Component
@ImportRuntimeHints(PurchaseScriptRuntimeHints.class)
class AtomicPurchase {

	static final String SCRIPT = "purchase.lua";

	private static final RedisScript<String> PURCHASE = RedisScript.of(source(), String.class);

	private final StringRedisTemplate redis;

	private final GoodsStore store;

	AtomicPurchase(StringRedisTemplate redis, GoodsStore store) {
		this.redis = redis;
		this.store = store;
	}

	PurchaseResult purchase(long goodsId, long userId) {
		GoodsKeys keys = new GoodsKeys(goodsId);
		List<String> scriptKeys = new ArrayList<>(List.of(keys.buyers(), keys.sold()));
		scriptKeys.addAll(keys.segments(this.store.segmentStocks(goodsId).size()));
		String outcome = this.redis.execute(PURCHASE, scriptKeys, String.valueOf(userId));
		return "OK".equals(outcome) ? PurchaseResult.bought(goodsId, userId, BuyMode.ATOMIC)
				: PurchaseResult.refused(outcome, goodsId, userId, BuyMode.ATOMIC);
	}

	private static String source() {
		try {
			return new ClassPathResource(SCRIPT, AtomicPurchase.class).getContentAsString(StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
