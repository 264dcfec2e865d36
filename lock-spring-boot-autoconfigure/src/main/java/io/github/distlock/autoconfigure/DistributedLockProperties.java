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

package io.github.distlock.autoconfigure;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.core.Ordered;

/**
 * Configuration properties of distlock.
 *
 * @since 0.1.0
 */
@ConfigurationProperties("distlock")
public class DistributedLockProperties {

	/**
	 * Whether to auto-configure distributed locks and the @DistributedLock support.
	 */
	private boolean enabled = true;

	/**
	 * First part of every lock's name in its store (a Redis key, a row of the lock table,
	 * a ZooKeeper path), followed by ':'.
	 */
	private String keyPrefix = "lock";

	/**
	 * How long @DistributedLock methods with waitMs = -1 wait for a held lock; 0 means
	 * try once.
	 */
	private Duration wait = Duration.ZERO;

	/**
	 * Order of the @DistributedLock advisor; smaller than the transaction advisor's
	 * (lowest precedence) so the lock wraps the transaction, larger than method
	 * security's.
	 */
	private int order = Ordered.LOWEST_PRECEDENCE - 100;

	/**
	 * Which store locks live in when more than one is on the class path: 'redis', 'jdbc',
	 * 'zookeeper', or 'in-memory' with lock-spring-boot-test. Unset means the one
	 * present.
	 */
	private @Nullable String store;

	private final Watchdog watchdog = new Watchdog();

	private final Health health = new Health();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getKeyPrefix() {
		return this.keyPrefix;
	}

	public void setKeyPrefix(String keyPrefix) {
		this.keyPrefix = keyPrefix;
	}

	public Duration getWait() {
		return this.wait;
	}

	public void setWait(Duration wait) {
		this.wait = wait;
	}

	public int getOrder() {
		return this.order;
	}

	public void setOrder(int order) {
		this.order = order;
	}

	public @Nullable String getStore() {
		return this.store;
	}

	public void setStore(@Nullable String store) {
		this.store = store;
	}

	public Watchdog getWatchdog() {
		return this.watchdog;
	}

	public Health getHealth() {
		return this.health;
	}

	/**
	 * Settings of the distlock health indicator.
	 */
	public static class Health {

		/**
		 * Longest time a health check waits for the lock store to answer.
		 */
		private Duration timeout = Duration.ofSeconds(2);

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			this.timeout = timeout;
		}

	}

	/**
	 * Settings of locks taken without a fixed lease (leaseMs = -1, or a null or zero
	 * lease).
	 */
	public static class Watchdog {

		/**
		 * Lease of a lock in watchdog mode, renewed while the lock is held.
		 */
		private Duration lease = Duration.ofSeconds(30);

		/**
		 * How often the watchdog renews a lease. Defaults to a third of the lease.
		 */
		private @Nullable Duration renewInterval;

		/**
		 * Longest time the watchdog keeps renewing one lock, so a stuck method cannot
		 * hold it forever; when reached, the lock expires by its lease. Unset means no
		 * cap.
		 */
		private @Nullable Duration maxHold;

		public Duration getLease() {
			return this.lease;
		}

		public void setLease(Duration lease) {
			this.lease = lease;
		}

		public @Nullable Duration getRenewInterval() {
			return this.renewInterval;
		}

		public void setRenewInterval(@Nullable Duration renewInterval) {
			this.renewInterval = renewInterval;
		}

		public @Nullable Duration getMaxHold() {
			return this.maxHold;
		}

		public void setMaxHold(@Nullable Duration maxHold) {
			this.maxHold = maxHold;
		}

	}

}
