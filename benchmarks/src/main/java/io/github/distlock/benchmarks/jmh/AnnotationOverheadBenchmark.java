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

package io.github.distlock.benchmarks.jmh;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockContext;
import io.github.distlock.LockHandle;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.interceptor.DistributedLockAdvisor;
import io.github.distlock.interceptor.DistributedLockInterceptor;
import io.github.distlock.interceptor.LockOperationSource;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.micrometer.LockMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import org.springframework.aop.framework.ProxyFactory;

/**
 * Per-call cost of a {@code @DistributedLock} method over the same work done with
 * {@code LockTemplate}, over the in-memory lock store ({@link InMemoryLocker}): what the
 * annotation path (proxy, key expression, lock context, transaction check) adds to a lock
 * round trip. Each runs with no listener, and with the lock metrics on a
 * {@link SimpleMeterRegistry} ({@code metrics=micrometer}), the cost of metrics on the
 * hot path.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class AnnotationOverheadBenchmark {

	private static final Duration LEASE = Duration.ofSeconds(5);

	private DefaultLockTemplate template;

	private Goods annotated;

	private long goodsId = 42;

	@Param({ "off", "micrometer" })
	public String metrics;

	@Setup
	public void setUp() {
		List<LockListener> listeners = this.metrics.equals("micrometer")
				? List.of(new LockMetrics(new SimpleMeterRegistry())) : List.of();
		this.template = new DefaultLockTemplate(new InMemoryLocker(),
				WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), listeners);
		LockOperationSource source = new LockOperationSource(null);
		ProxyFactory factory = new ProxyFactory(new Goods());
		factory.setProxyTargetClass(true);
		factory.addAdvisor(new DistributedLockAdvisor(source,
				new DistributedLockInterceptor(source, () -> this.template, Duration.ZERO), 0));
		this.annotated = (Goods) factory.getProxy();
	}

	@TearDown
	public void tearDown() {
		this.template.close();
	}

	@Benchmark
	public long lockTemplate() {
		try (LockHandle handle = this.template.tryAcquire("goods:" + this.goodsId, LEASE, Duration.ZERO)
			.orElseThrow()) {
			return handle.fencingToken();
		}
	}

	@Benchmark
	public long annotation() {
		return this.annotated.purchase(this.goodsId);
	}

	public static void main(String[] args) throws RunnerException {
		new Runner(new OptionsBuilder().include(AnnotationOverheadBenchmark.class.getSimpleName()).build()).run();
	}

	/** The annotated bean. */
	public static class Goods {

		@DistributedLock(name = "goods", key = "#goodsId", leaseMs = 5000)
		public long purchase(long goodsId) {
			return LockContext.current().orElseThrow().fencingToken();
		}

	}

}
