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
 * round trip whatever their slots. With replica acknowledgement, each call is followed by
 * {@code WAIT}, and a lock counts as renewed only once the replicas confirmed it.
 */
final class RedisRenewals {

	/** The most locks one call of the renewal script renews. */
	static final int MAX_LOCKS = 100;

	private final StringRedisTemplate redis;

	private final RedisLockKeys keys;

	private final String processId;

	/** Renewals that wait for replicas, when replica acknowledgement asks for any. */
	private final @Nullable AcknowledgedWrites acknowledged;

	/** Whether the connections go to a Redis Cluster; found on the first renewal of several locks. */
	private volatile @Nullable Boolean cluster;

	RedisRenewals(StringRedisTemplate redis, RedisLockKeys keys, String processId,
			@Nullable AcknowledgedWrites acknowledged) {
		this.redis = redis;
		this.keys = keys;
		this.processId = processId;
		this.acknowledged = acknowledged;
	}

	List<Renewal> renew(List<LeaseRequest> leases) {
		List<String> lockKeys = leases.stream().map((lease) -> this.keys.lock(lease.key())).toList();
		Renewal[] answers = new Renewal[leases.size()];
		for (List<Integer> call : calls(lockKeys, leases.size() > 1 && isCluster())) {
			List<Renewal> renewals = renew(leases, call);
			for (int i = 0; i < call.size(); i++) {
				answers[call.get(i)] = renewals.get(i);
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

	private List<Renewal> renew(List<LeaseRequest> leases, List<Integer> call) {
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
		if (this.acknowledged == null) {
			return renewals(this.redis.execute(LockScripts.RENEW, scriptKeys, arguments.toArray()), true);
		}
		AcknowledgedWrites.Answer<List<Long>> answer = this.acknowledged.write(LockScripts.RENEW, scriptKeys,
				arguments.toArray(String[]::new));
		return renewals(answer.answer(), answer.confirmed());
	}

	/**
	 * The renewals of the script's replies. A lease the replicas did not confirm could be lost in
	 * a failover, so the holder may not count on it: it is answered as unanswered, and tried again.
	 */
	private static List<Renewal> renewals(List<Long> replies, boolean confirmed) {
		return replies.stream()
			.map((reply) -> (reply == 0) ? Renewal.LOST : confirmed ? Renewal.renewed(reply == 2) : Renewal.UNANSWERED)
			.toList();
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
