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

package io.github.distlock.test.redis;

import java.util.function.Supplier;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * JUnit 5 extension that starts a Redis Cluster or a Sentinel group before a test class
 * and stops it after it: one for the class and its {@code @Nested} classes, as forming
 * one takes seconds.
 *
 * <pre class="code">
 * &#64;RegisterExtension
 * static final RedisTopologyExtension&lt;RedisCluster&gt; redis = RedisTopologyExtension.cluster();
 * </pre>
 *
 * @param <T> the kind of topology
 */
public final class RedisTopologyExtension<T extends AutoCloseable> implements BeforeAllCallback, AfterAllCallback {

	private final Supplier<T> starter;

	private volatile T topology;

	/** The context of the outermost class, which started the topology and stops it. */
	private volatile String owner;

	private RedisTopologyExtension(Supplier<T> starter) {
		this.starter = starter;
	}

	/**
	 * Returns an extension that runs a {@link RedisCluster} of three masters and three
	 * replicas.
	 */
	public static RedisTopologyExtension<RedisCluster> cluster() {
		return new RedisTopologyExtension<>(RedisCluster::start);
	}

	/**
	 * Returns an extension that runs a {@link RedisSentinelGroup}: a master, a replica,
	 * three Sentinels.
	 */
	public static RedisTopologyExtension<RedisSentinelGroup> sentinel() {
		return new RedisTopologyExtension<>(RedisSentinelGroup::start);
	}

	/** Returns the running topology. */
	public T get() {
		T running = this.topology;
		if (running == null) {
			throw new IllegalStateException(
					"The topology is started before all tests; register the extension as a static field");
		}
		return running;
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		if (this.owner == null) {
			this.topology = this.starter.get();
			this.owner = context.getUniqueId();
		}
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		if (context.getUniqueId().equals(this.owner)) {
			this.owner = null;
			this.topology.close();
			this.topology = null;
		}
	}

}
