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

import java.util.HashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * What this process has of one lock in ZooKeeper (ZOOKEEPER.md, "What a process keeps per
 * key"): immutable, replaced whole by {@link OwnNodeRegistry}.
 *
 * @param claimed the nodes this process holds the lock with, by owner token
 * @param queued the node a busy attempt left in the queue, or {@code null}
 * @param queuedUntil when the queued node's wait ends, a {@link System#nanoTime()} value
 * @param subscriptions how many release subscriptions of the lock are open
 */
record OwnNodes(Map<String, String> claimed, @Nullable String queued, long queuedUntil, int subscriptions) {

	static final OwnNodes NONE = new OwnNodes(Map.of(), null, 0, 0);

	@Nullable String claimedBy(String owner) {
		return this.claimed.get(owner);
	}

	boolean isQueued(String path) {
		return path.equals(this.queued);
	}

	/**
	 * The owner holds the lock with {@code path}, which leaves the queue if it was
	 * queued.
	 */
	OwnNodes claim(String owner, String path) {
		Map<String, String> claimed = new HashMap<>(this.claimed);
		claimed.put(owner, path);
		return isQueued(path) ? new OwnNodes(Map.copyOf(claimed), null, 0, this.subscriptions)
				: new OwnNodes(Map.copyOf(claimed), this.queued, this.queuedUntil, this.subscriptions);
	}

	OwnNodes unclaim(String owner) {
		Map<String, String> claimed = new HashMap<>(this.claimed);
		claimed.remove(owner);
		return new OwnNodes(Map.copyOf(claimed), this.queued, this.queuedUntil, this.subscriptions);
	}

	OwnNodes queue(String path, long until) {
		return new OwnNodes(this.claimed, path, until, this.subscriptions);
	}

	OwnNodes unqueue() {
		return new OwnNodes(this.claimed, null, 0, this.subscriptions);
	}

	/** The node {@code path} leaves the queue, if it is the queued one. */
	OwnNodes unqueue(String path) {
		return isQueued(path) ? unqueue() : this;
	}

	OwnNodes subscribed(int change) {
		return new OwnNodes(this.claimed, this.queued, this.queuedUntil, this.subscriptions + change);
	}

	boolean isSubscribed() {
		return this.subscriptions > 0;
	}

	boolean isEmpty() {
		return this.claimed.isEmpty() && this.queued == null && this.subscriptions == 0;
	}

}
