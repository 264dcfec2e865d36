/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.

 */

package io.github.distlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.dao.QueryTimeoutException;
import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.ReactiveRedisConnectionFactory;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Locker;
import io.github.distlock.store.Renewal;

/**
 * Renews a batch of locks with {@code renew.lua}: at most {@value #MAX_LOCKS} locks a
 * call, so that no call holds Redis up for long, and in a Redis Cluster the locks of one
 * slot a call, since all keys of a script must share a slot. Outside a cluster, a hundred
 * locks take one round trip whatever their slots. With replica acknowledgement, each call
 * is followed by {@code WAIT}, and a lock counts as renewed only once the replicas
 * confirmed it.
 * <p>
 * The calls of a batch are sent together, without waiting for each other's answers, so
 * that each master of a cluster answers for its own locks; a call with no answer (its
 * master stalled, or failed over) leaves its locks {@link Renewal#UNANSWERED} while the
 * others are answered, and the batch fails only when no call was answered, as a
 * whole-store outage does.
 */
final class RedisRenewals {

	/** The most locks one call of the renewal script renews. */
	static final int MAX_LOCKS = 100;

	private final StringRedisTemplate redis;

	/** Sends the calls of a batch together. */
	private final ReactiveStringRedisTemplate reactive;

	private final RedisLockKeys keys;

	private final String processId;

	/** Renewals that wait for replicas, when replica acknowledgement asks for any. */
	private final @Nullable AcknowledgedWrites acknowledged;

	/**
	 * Whether the connections go to a Redis Cluster; found on the first renewal of
	 * several locks.
	 */
	private volatile @Nullable Boolean cluster;

	RedisRenewals(StringRedisTemplate redis, RedisLockKeys keys, String processId,
			@Nullable AcknowledgedWrites acknowledged) {
		this.redis = redis;
		this.reactive = new ReactiveStringRedisTemplate(reactive(redis.getRequiredConnectionFactory()));
		this.keys = keys;
		this.processId = processId;
		this.acknowledged = acknowledged;
	}

	List<Renewal> renew(List<LeaseRequest> leases) {
		List<String> lockKeys = leases.stream().map((lease) -> this.keys.lock(lease.key())).toList();
		List<List<Integer>> calls = calls(lockKeys, leases.size() > 1 && isCluster());
		List<CallAnswer> answered = (calls.size() == 1) ? List.of(sendAlone(leases, calls.get(0)))
				: sendTogether(leases, calls);
		Renewal[] answers = new Renewal[leases.size()];
		for (CallAnswer answer : answered) {
			for (int i = 0; i < answer.call().size(); i++) {
				answers[answer.call().get(i)] = answer.renewal(i);
			}
		}
		return List.of(answers);
	}

	/**
	 * One call for the whole batch: answered within the client's command timeout, or
	 * failed.
	 */
	private CallAnswer sendAlone(List<LeaseRequest> leases, List<Integer> call) {
		ScriptCall script = new ScriptCall(leases, call, this.keys, process(leases));
		if (this.acknowledged != null) {
			return acknowledged(this.acknowledged, call, script);
		}
		return new CallAnswer(call, this.redis.execute(LockScripts.RENEW, script.keys(), script.arguments().toArray()),
				true, null);
	}

	/** Several calls at once; fails only when none was answered. */
	@SuppressWarnings("NullAway") // collectList() always emits a list
	private List<CallAnswer> sendTogether(List<LeaseRequest> leases, List<List<Integer>> calls) {
		List<CallAnswer> answered = Flux.fromIterable(calls)
			.flatMap((call) -> send(leases, call))
			.collectList()
			.block();
		if (answered.stream().allMatch(CallAnswer::failed)) {
			throw answered.get(0).failure();
		}
		return answered;
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

	/**
	 * Sends one call of several, and gives up waiting for its answer after a third of its
	 * shortest lease: the watchdog renews once a third of a lease has passed (the default
	 * interval), so the other calls' answers still come before their locks' old leases
	 * end, and a third is left to try the unanswered locks again.
	 */
	private Mono<CallAnswer> send(List<LeaseRequest> leases, List<Integer> call) {
		ScriptCall script = new ScriptCall(leases, call, this.keys, process(leases));
		Duration giveUp = call.stream()
			.map((position) -> leases.get(position).lease())
			.min(Duration::compareTo)
			.orElseThrow()
			.dividedBy(3);
		return answer(call, script)
			.timeout(giveUp,
					Mono.error(() -> new QueryTimeoutException("Redis did not answer the renewal of " + call.size()
							+ " lock(s) within " + giveUp.toMillis() + " ms")))
			.onErrorResume(RuntimeException.class, (ex) -> Mono.just(new CallAnswer(call, null, false, ex)));
	}

	private Mono<CallAnswer> answer(List<Integer> call, ScriptCall script) {
		if (this.acknowledged == null) {
			return this.reactive.execute(LockScripts.RENEW, script.keys(), script.arguments())
				.next()
				.map((replies) -> new CallAnswer(call, replies, true, null));
		}
		// WAIT blocks its connection's thread, so each call waits on one of its own.
		AcknowledgedWrites writes = this.acknowledged;
		return Mono.fromCallable(() -> acknowledged(writes, call, script)).subscribeOn(Schedulers.boundedElastic());
	}

	/**
	 * A call followed by {@code WAIT}: a lease the replicas did not confirm could be lost
	 * in a failover, so the holder may not count on it; it is answered as unanswered, and
	 * tried again.
	 */
	private static CallAnswer acknowledged(AcknowledgedWrites writes, List<Integer> call, ScriptCall script) {
		AcknowledgedWrites.Answer<List<Long>> answer = writes.write(LockScripts.RENEW, script.keys(),
				script.arguments().toArray(String[]::new));
		return new CallAnswer(call, answer.answer(), answer.confirmed(), null);
	}

	/** The process renewing: a batch comes from one template's lease keeper. */
	private String process(List<LeaseRequest> leases) {
		return Locker.processOf(leases.get(0).owner(), this.processId);
	}

	/**
	 * Whether the connections go to a Redis Cluster, asked of a connection once, so that
	 * any connection factory will do: a cluster-aware one hands out cluster connections.
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

	/**
	 * Whether the connection factory has reactive connections, as Lettuce's has; Jedis
	 * has none.
	 */
	private static ReactiveRedisConnectionFactory reactive(RedisConnectionFactory connectionFactory) {
		if (!(connectionFactory instanceof ReactiveRedisConnectionFactory reactive)) {
			throw new IllegalStateException("The Redis locker needs Lettuce, and the Redis connection factory is a "
					+ connectionFactory.getClass().getName());
		}
		return reactive;
	}

	/** The keys and arguments of {@code renew.lua} for the locks of one call. */
	private record ScriptCall(List<String> keys, List<String> arguments) {

		ScriptCall(List<LeaseRequest> leases, List<Integer> call, RedisLockKeys lockKeys, String processId) {
			this(new ArrayList<>(2 * call.size()), new ArrayList<>(1 + 2 * call.size()));
			this.arguments.add(processId);
			for (int position : call) {
				LeaseRequest lease = leases.get(position);
				this.keys.add(lockKeys.lock(lease.key()));
				this.keys.add(lockKeys.waiters(lease.key()));
				this.arguments.add(lease.owner());
				this.arguments.add(RedisLocker.millis(lease.lease()));
			}
		}

	}

	/**
	 * One call's answer: the script's reply for each of its locks, or the failure it met.
	 *
	 * @param call the positions of the call's locks in the batch
	 * @param replies the script's replies, or {@code null} when it failed
	 * @param confirmed whether the replicas confirmed the renewals, when they must
	 * @param failure the failure, or {@code null} when it was answered
	 */
	private record CallAnswer(List<Integer> call, @Nullable List<Long> replies, boolean confirmed,
			@Nullable RuntimeException failure) {

		boolean failed() {
			return this.failure != null;
		}

		Renewal renewal(int index) {
			if (this.replies == null) {
				return Renewal.UNANSWERED;
			}
			long reply = this.replies.get(index);
			return (reply == 0) ? Renewal.LOST : this.confirmed ? Renewal.renewed(reply == 2) : Renewal.UNANSWERED;
		}

	}

}
