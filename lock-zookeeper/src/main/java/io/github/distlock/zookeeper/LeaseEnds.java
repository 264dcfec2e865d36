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

package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import io.github.distlock.store.LeaseRequest;
import io.github.distlock.store.Renewal;

/**
 * Ends the leases of this process's claims (ZOOKEEPER.md, point c): a claim whose lease
 * runs out before it is renewed or released is given up and its node deleted, so that the
 * lock is free for other processes then, as on the other stores, not only when the
 * session ends. A lease ends its length after the call that set it began (the acquire, or
 * the last renewal answered), counted on this process's monotonic clock, no sooner than
 * the core's bound of it. One task per claim waits on the locker's background thread; a
 * renewal replaces it and a release cancels it. The background executor must remove
 * cancelled tasks at once.
 */
final class LeaseEnds {

	private final OwnNodeRegistry registry;

	private final NodeQueueing queueing;

	private final ScheduledExecutorService background;

	private final Map<ClaimId, LeaseEnd> pending = new ConcurrentHashMap<>();

	LeaseEnds(OwnNodeRegistry registry, NodeQueueing queueing, ScheduledExecutorService background) {
		this.registry = registry;
		this.queueing = queueing;
		this.background = background;
	}

	/**
	 * The owner's acquire took the lock, or found it had: its lease ends {@code lease}
	 * after the call began.
	 * @param sentAt when the call began, a {@link System#nanoTime()} value
	 */
	void acquired(String key, String owner, long sentAt, Duration lease) {
		String node = this.registry.get(key).claimedBy(owner);
		if (node != null) {
			ClaimId claim = new ClaimId(key, owner);
			this.pending.compute(claim, (id, before) -> replace(before, claim, node, sentAt + lease.toNanos()));
		}
	}

	/**
	 * Sets the leases of the renewals answered renewed: each ends its new length after
	 * the call began. A claim whose lease ended before the answer came was given up
	 * meanwhile, its node deleted, so it is answered {@link Renewal#LOST} whatever
	 * ZooKeeper listed.
	 * @param sentAt when the call began, a {@link System#nanoTime()} value
	 * @return the answers to give the core, in the order of {@code leases}
	 */
	List<Renewal> renewed(List<LeaseRequest> leases, long sentAt, List<Renewal> answers) {
		List<Renewal> renewals = new ArrayList<>(answers.size());
		for (int i = 0; i < answers.size(); i++) {
			LeaseRequest lease = leases.get(i);
			Renewal answer = answers.get(i);
			boolean renewed = answer.renewed()
					&& extend(new ClaimId(lease.key(), lease.owner()), sentAt + lease.lease().toNanos());
			renewals.add((answer.renewed() && !renewed) ? Renewal.LOST : answer);
		}
		return renewals;
	}

	/** The owner released the lock: its lease ends with it. */
	void released(String key, String owner) {
		LeaseEnd end = this.pending.remove(new ClaimId(key, owner));
		if (end != null) {
			end.task().cancel(false);
		}
	}

	private boolean extend(ClaimId claim, long endsAt) {
		return this.pending.computeIfPresent(claim,
				(id, before) -> replace(before, claim, before.node(), endsAt)) != null;
	}

	private LeaseEnd replace(@Nullable LeaseEnd before, ClaimId claim, String node, long endsAt) {
		if (before != null) {
			before.task().cancel(false);
		}
		ScheduledFuture<?> task = this.background.schedule(() -> end(claim, endsAt), endsAt - System.nanoTime(),
				TimeUnit.NANOSECONDS);
		return new LeaseEnd(node, endsAt, task);
	}

	/**
	 * The lease ending at {@code endsAt} ran out, unless a renewal or release came first.
	 */
	private void end(ClaimId claim, long endsAt) {
		LeaseEnd end = this.pending.get(claim);
		if (end == null || end.endsAt() != endsAt || !this.pending.remove(claim, end)) {
			return;
		}
		String node = end.node();
		this.registry.update(claim.key(),
				(own) -> node.equals(own.claimedBy(claim.owner())) ? own.unclaim(claim.owner()) : own);
		this.registry.forget(node);
		this.queueing.abandon(claim.key(), node);
	}

	/** One owner's claim of one lock. */
	private record ClaimId(String key, String owner) {
	}

	/** When a claim's lease ends, and the task that ends it then. */
	private record LeaseEnd(String node, long endsAt, ScheduledFuture<?> task) {
	}

}
