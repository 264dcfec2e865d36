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

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * This process's nodes of every lock it holds, waits for or subscribed to, and the claims
 * it lost with its session. Each key's {@link OwnNodes} is replaced atomically; no
 * ZooKeeper call is made while it is.
 */
final class OwnNodeRegistry {

	private final Map<String, OwnNodes> keys = new ConcurrentHashMap<>();

	/**
	 * Paths of claimed nodes given up with their session: their owners no longer hold
	 * their locks.
	 */
	private final Set<String> lost = ConcurrentHashMap.newKeySet();

	private final AtomicLong losses = new AtomicLong();

	OwnNodes get(String key) {
		return this.keys.getOrDefault(key, OwnNodes.NONE);
	}

	/**
	 * Replaces the key's nodes by what {@code change} makes of them, dropping the key
	 * when nothing is left.
	 * @return the key's nodes before the change
	 */
	OwnNodes update(String key, UnaryOperator<OwnNodes> change) {
		OwnNodes[] before = new OwnNodes[1];
		this.keys.compute(key, (name, nodes) -> {
			before[0] = (nodes != null) ? nodes : OwnNodes.NONE;
			OwnNodes after = change.apply(before[0]);
			return after.isEmpty() ? null : after;
		});
		return before[0];
	}

	Collection<String> subscribedKeys() {
		return this.keys.entrySet()
			.stream()
			.filter((entry) -> entry.getValue().isSubscribed())
			.map(Map.Entry::getKey)
			.toList();
	}

	/**
	 * Takes every queued node out of the registry.
	 * @return the nodes taken out
	 */
	List<QueuedNode> unqueueAll() {
		List<QueuedNode> queued = new ArrayList<>();
		for (String key : this.keys.keySet()) {
			OwnNodes before = update(key, OwnNodes::unqueue);
			if (before.queued() != null) {
				queued.add(new QueuedNode(key, before.queued()));
			}
		}
		return queued;
	}

	/**
	 * The session ended, or may have: every claim held so far is lost, and no node queued
	 * before now may be claimed ({@link #claim}).
	 * @return the claims lost now, not known to be lost before
	 */
	List<LostClaim> loseClaims() {
		this.losses.incrementAndGet();
		List<LostClaim> claims = new ArrayList<>();
		// Key by key under the map's lock, so a claim made at the same time is either
		// seen here or refused.
		for (String key : this.keys.keySet()) {
			this.keys.computeIfPresent(key, (name, nodes) -> {
				nodes.claimed().forEach((owner, path) -> {
					if (this.lost.add(path)) {
						claims.add(new LostClaim(key, owner));
					}
				});
				return nodes;
			});
		}
		return claims;
	}

	/**
	 * How many times claims were given up so far; read before an attempt takes or creates
	 * its node.
	 */
	long losses() {
		return this.losses.get();
	}

	/**
	 * Claims a queued node for the owner, unless claims were given up since
	 * {@code losses} was read: the node may then be of a session that ended.
	 * @return whether the node was claimed
	 */
	boolean claim(String key, String owner, String node, long losses) {
		boolean[] claimed = new boolean[1];
		update(key, (own) -> {
			claimed[0] = own.isQueued(node) && this.losses.get() == losses;
			return claimed[0] ? own.claim(owner, node) : own;
		});
		return claimed[0];
	}

	boolean isLost(String path) {
		return this.lost.contains(path);
	}

	void forget(String path) {
		this.lost.remove(path);
	}

	/** A claim of the lock {@code key} by {@code owner}, lost with the session. */
	record LostClaim(String key, String owner) {
	}

	/** A node queued for a waiter of the lock {@code key}. */
	record QueuedNode(String key, String path) {
	}

}
