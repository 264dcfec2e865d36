package io.github.distlock.redis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.distlock.core.LeaseRequest;

/**
 * Cuts renewals into the batches one script renews: at most {@link #MAX} locks each, and in Redis
 * Cluster only locks of one hash slot, since every key of a script must share one.
 */
final class RenewalBatches {

	/** Locks renewed by one script at most, as Redisson renews them. */
	static final int MAX = 100;

	private final RedisLockKeys keys;

	private final boolean bySlot;

	private RenewalBatches(RedisLockKeys keys, boolean bySlot) {
		this.keys = keys;
		this.bySlot = bySlot;
	}

	/** Batches by slot unless the connections are known to reach a single Redis (or a Sentinel-watched one). */
	static RenewalBatches of(RedisConnectionFactory connectionFactory, RedisLockKeys keys) {
		boolean single = connectionFactory instanceof LettuceConnectionFactory lettuce && !lettuce.isClusterAware();
		return new RenewalBatches(keys, !single);
	}

	/**
	 * Returns the batches, each as the positions of its requests in {@code leases}.
	 * @param leases the renewals asked for
	 * @return the positions of the requests of each batch
	 */
	List<List<Integer>> split(List<LeaseRequest> leases) {
		Map<Integer, List<Integer>> bySlot = new LinkedHashMap<>();
		List<List<Integer>> batches = new ArrayList<>();
		for (int i = 0; i < leases.size(); i++) {
			int slot = this.bySlot ? ClusterSlotHashUtil.calculateSlot(this.keys.lock(leases.get(i).key())) : 0;
			List<Integer> batch = bySlot.computeIfAbsent(slot, (s) -> new ArrayList<>());
			batch.add(i);
			if (batch.size() == MAX) {
				batches.add(bySlot.remove(slot));
			}
		}
		batches.addAll(bySlot.values());
		return batches;
	}

}
