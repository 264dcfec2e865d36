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

import java.util.Comparator;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The nodes of one lock as ZooKeeper listed them, in queue order: the first holds the
 * lock, the others wait.
 *
 * @param children the nodes' names, in the order ZooKeeper created them
 */
record LockQueue(List<String> children) {

	/**
	 * Sorts the nodes in the order their directory's counter issued their sequences,
	 * across the counter's wrap from 2147483647 to -2147483648: by each one's distance
	 * from one of them in 32-bit arithmetic (serial number arithmetic), right while the
	 * nodes' sequences lie less than 2^31 apart (ZOOKEEPER.md, "Nodes"). A child that is
	 * no lock node is left out.
	 */
	static LockQueue of(List<String> children) {
		List<String> nodes = children.stream().filter(LockPaths::isLockNode).toList();
		if (nodes.isEmpty()) {
			return new LockQueue(List.of());
		}
		int reference = LockPaths.sequence(nodes.get(0));
		return new LockQueue(nodes.stream()
			.sorted(Comparator.comparingInt((child) -> LockPaths.sequence(child) - reference))
			.toList());
	}

	boolean contains(String child) {
		return this.children.contains(child);
	}

	boolean isEmpty() {
		return this.children.isEmpty();
	}

	/** The node that holds the lock, or {@code null} when the lock is free. */
	@Nullable String holder() {
		return this.children.isEmpty() ? null : this.children.get(0);
	}

	/**
	 * The node just ahead of {@code child}, or {@code null} when {@code child} holds the
	 * lock.
	 */
	@Nullable String predecessorOf(String child) {
		int index = this.children.indexOf(child);
		return (index > 0) ? this.children.get(index - 1) : null;
	}

	/**
	 * The other nodes of the create that made {@code child}: a create re-sent after its
	 * answer was lost.
	 */
	List<String> twinsOf(String child) {
		String name = LockPaths.unsequenced(child);
		return this.children.stream()
			.filter((other) -> !other.equals(child) && LockPaths.unsequenced(other).equals(name))
			.toList();
	}

	LockQueue without(List<String> removed) {
		return new LockQueue(this.children.stream().filter((child) -> !removed.contains(child)).toList());
	}

	/** Whether a node of another process than {@code paths}'s is queued. */
	boolean othersThan(LockPaths paths) {
		return this.children.stream().anyMatch((child) -> !paths.isOwn(child));
	}

}
