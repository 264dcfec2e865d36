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

package io.github.distlock.redis.autoconfigure;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.distlock.autoconfigure.DistributedLockProperties;
import io.github.distlock.redis.RedlockLocker;
import io.lettuce.core.RedisURI;

/**
 * Connects the Redlock locker that {@code distlock.redlock.*} describes, or fails saying
 * what to change: fewer than three nodes or an even number, a URI that is not one, the
 * same node twice, or a node timeout that is not well below the lease.
 */
final class RedlockLockerFactory {

	private static final String URI_FORM = "Write each node as redis://[user:password@]host:port[/db], or rediss:// for TLS.";

	private RedlockLockerFactory() {
	}

	static RedlockLocker connect(RedisLockProperties.Redlock redlock, DistributedLockProperties properties) {
		List<String> nodes = redlock.getNodes();
		requireOddCount(nodes);
		requireDistinctNodes(nodes);
		requireTimeoutWellBelowLease(redlock.getNodeTimeout(), properties.getWatchdog().getLease());
		try {
			return RedlockLocker.connect(nodes, redlock.getNodeTimeout(), redlock.getConnectTimeout(),
					properties.getKeyPrefix());
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidRedlockConfigurationException("distlock.redlock.nodes: " + ex.getMessage(), URI_FORM);
		}
	}

	private static void requireOddCount(List<String> nodes) {
		if (nodes.size() < 3 || nodes.size() % 2 == 0) {
			throw new InvalidRedlockConfigurationException(
					"distlock.redlock.nodes lists " + nodes.size() + " nodes "
							+ nodes.stream().map(RedlockLocker::withoutCredentials).toList()
							+ ": Redlock needs an odd number of at least 3",
					"List 3, 5 or another odd number of independent Redis masters (not replicas of one another, "
							+ "nor masters of one cluster), so that any two majorities share a node.");
		}
	}

	private static void requireDistinctNodes(List<String> nodes) {
		Set<String> seen = new HashSet<>();
		for (String node : nodes) {
			String address;
			try {
				RedisURI uri = RedisURI.create(node);
				address = uri.getHost() + ":" + uri.getPort();
			}
			catch (RuntimeException ex) {
				throw new InvalidRedlockConfigurationException("distlock.redlock.nodes lists '"
						+ RedlockLocker.withoutCredentials(node) + "', which is not a Redis URI", URI_FORM);
			}
			if (!seen.add(address)) {
				throw new InvalidRedlockConfigurationException(
						"distlock.redlock.nodes lists " + address + " more than once",
						"List each independent Redis master once: a node listed twice counts twice towards the majority.");
			}
		}
	}

	private static void requireTimeoutWellBelowLease(Duration nodeTimeout, Duration lease) {
		Duration limit = lease.dividedBy(10);
		if (nodeTimeout.isNegative() || nodeTimeout.isZero() || nodeTimeout.compareTo(limit) > 0) {
			throw new InvalidRedlockConfigurationException(
					"distlock.redlock.node-timeout " + nodeTimeout.toMillis() + " ms is not well below the lease ("
							+ "distlock.watchdog.lease " + lease.toMillis() + " ms)",
					"Set distlock.redlock.node-timeout above zero and at most a tenth of the lease (" + limit.toMillis()
							+ " ms); a few milliseconds more than a round trip to the farthest node is usual (the "
							+ "default is 50 ms). Time spent waiting for the nodes is taken from the lease.");
		}
	}

}
