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
import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of locks on Redis, beside the store-neutral ones of
 * {@code DistributedLockProperties}.
 *
 * @since 0.1.0
 */
@ConfigurationProperties("distlock")
public class RedisLockProperties {

	private final Redlock redlock = new Redlock();

	private final ReplicaAck replicaAck = new ReplicaAck();

	public Redlock getRedlock() {
		return this.redlock;
	}

	public ReplicaAck getReplicaAck() {
		return this.replicaAck;
	}

	/**
	 * Settings of replica acknowledgement: an acquisition is granted, and a renewal
	 * counted, only once replicas have the lock, so that a failover right after it does
	 * not lose it. Not used by Redlock.
	 */
	public static class ReplicaAck {

		/**
		 * How many replicas of the lock's master must confirm a lock (Redis WAIT) before
		 * its acquisition is granted, and a renewal before its lease counts; when fewer
		 * do within the timeout, the lock is released and the acquisition fails, or the
		 * renewal is tried again. 0 turns acknowledgement off.
		 */
		private int replicas;

		/**
		 * How long an acquisition or a renewal waits for the replicas to confirm the
		 * lock; at least 1ms.
		 */
		private Duration timeout = Duration.ofMillis(100);

		public int getReplicas() {
			return this.replicas;
		}

		public void setReplicas(int replicas) {
			this.replicas = replicas;
		}

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			this.timeout = timeout;
		}

	}

	/**
	 * Settings of Redlock, locks held by a majority of independent Redis masters.
	 */
	public static class Redlock {

		/**
		 * URIs of the independent Redis masters, redis://[user:password@]host:port[/db]
		 * or rediss:// for TLS: an odd number, at least 3. When set, locks use the
		 * Redlock quorum of these nodes instead of spring.data.redis.*.
		 */
		private List<String> nodes = new ArrayList<>();

		/**
		 * How long one Redlock node may take to answer a command before it counts as
		 * failed; well below the watchdog lease (at most a tenth of it).
		 */
		private Duration nodeTimeout = Duration.ofMillis(50);

		/**
		 * How long setting up a connection to a Redlock node may take (TCP, TLS and the
		 * handshake), at start-up and when reconnecting; start-up waits for the nodes at
		 * most this long.
		 */
		private Duration connectTimeout = Duration.ofSeconds(2);

		public List<String> getNodes() {
			return this.nodes;
		}

		public void setNodes(List<String> nodes) {
			this.nodes = nodes;
		}

		public Duration getNodeTimeout() {
			return this.nodeTimeout;
		}

		public void setNodeTimeout(Duration nodeTimeout) {
			this.nodeTimeout = nodeTimeout;
		}

		public Duration getConnectTimeout() {
			return this.connectTimeout;
		}

		public void setConnectTimeout(Duration connectTimeout) {
			this.connectTimeout = connectTimeout;
		}

	}

}
