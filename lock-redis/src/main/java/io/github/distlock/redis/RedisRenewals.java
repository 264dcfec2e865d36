package io.github.distlock.redis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.distlock.core.LeaseRequest;
import io.github.distlock.core.Renewal;

/**
 * Renews a batch of locks with {@code renew.lua}: at most {@value #MAX_LOCKS} locks a call, so
 * that no call holds Redis up for long, and in a Redis Cluster the locks of one slot a call,
 * since all keys of a script must share a slot. Outside a cluster, a hundred locks take one
 * round trip whatever their slots.
 */
final class RedisRenewals {

	/** The most locks one call of the renewal script renews. */
	static final int MAX_LOCKS = 100;

	private final StringRedisTemplate redis;

	private final RedisLockKeys keys;

	private final String processId;

	/** Whether the connections go to a Redis Cluster; found on the first renewal of several locks. */
	private volatile @Nullable Boolean cluster;

	RedisRenewals(StringRedisTemplate redis, RedisLockKeys keys, String processId) {
		this.redis = redis;
		this.keys = keys;
		this.processId = processId;
	}

	List<Renewal> renew(List<LeaseRequest> leases) {
		List<String> lockKeys = leases.stream().map((lease) -> this.keys.lock(lease.key())).toList();
		Renewal[] answers = new Renewal[leases.size()];
		for (List<Integer> call : calls(lockKeys, leases.size() > 1 && isCluster())) {
			List<Long> replies = renew(leases, call);
			for (int i = 0; i < call.size(); i++) {
				long reply = replies.get(i);
				answers[call.get(i)] = (reply == 0) ? Renewal.LOST : Renewal.renewed(reply == 2);
			}
		}
		return List.of(answers);
	}

	/**
	 * Cuts a batch into script calls.
	 * @param lockKeys the Redis key of every lock, in the caller's order
	 * @param bySlot whether locks of different cluster slots must go in different calls
	 * @return the calls, each a list of positions in {@code lockKeys}, in the order given
	 */
	static List<List<Integer>> calls(List<String> lockKeys, boolean bySlot) {
		Map<Integer, List<Integer>> groups = new LinkedHashMap<>();
		for (int i = 0; i < lockKeys.size(); i++) {
			int group = bySlot ? ClusterSlotHashUtil.calculateSlot(lockKeys.get(i)) : 0;
			groups.computeIfAbsent(group, (slot) -> new ArrayList<>()).add(i);
		}
		List<List<Integer>> calls = new ArrayList<>();
		for (List<Integer> group : groups.values()) {
			for (int from = 0; from < group.size(); from += MAX_LOCKS) {
				calls.add(group.subList(from, Math.min(group.size(), from + MAX_LOCKS)));
			}
		}
		return calls;
	}

	private List<Long> renew(List<LeaseRequest> leases, List<Integer> call) {
		List<String> scriptKeys = new ArrayList<>(2 * call.size());
		List<String> arguments = new ArrayList<>(1 + 2 * call.size());
		arguments.add(this.processId);
		for (int position : call) {
			LeaseRequest lease = leases.get(position);
			scriptKeys.add(this.keys.lock(lease.key()));
			scriptKeys.add(this.keys.waiters(lease.key()));
			arguments.add(lease.owner());
			arguments.add(RedisLocker.millis(lease.lease()));
		}
		return this.redis.execute(LockScripts.RENEW, scriptKeys, arguments.toArray());
	}

	/**
	 * Whether the connections go to a Redis Cluster, asked of a connection once, so that any
	 * connection factory will do: a cluster-aware one hands out cluster connections.
	 */
	private boolean isCluster() {
		Boolean known = this.cluster;
		if (known == null) {
			known = Boolean.TRUE.equals(this.redis
				.execute((RedisCallback<Boolean>) (connection) -> connection instanceof RedisClusterConnection));
			this.cluster = known;
		}
		return known;
	}

}
