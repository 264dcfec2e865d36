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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import io.github.distlock.redis.ChaosSignals.Phase;
import io.github.distlock.test.redis.FaultProxy;
import io.github.distlock.test.redis.RedisServer;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Chaos: several JVMs ({@link ChaosContenderProcess}) contend for a few keys, each
 * through its own {@link FaultProxy} to the lock server, while this test injects random
 * cuts, stalls and resets into the proxies ({@link ChaosFaults}), each one shorter than
 * the 2 s lease unless told otherwise. Every holding does a read-modify-write of its
 * key's counter on a separate data server that no fault touches, fenced by its fencing
 * token ({@link FencedCounters}). Then the faults stop, and every thread of every JVM
 * must take every key once more within a generous wait.
 *
 * <p>
 * The data server and the contenders then tell whether the lock kept its promises:
 * <ul>
 * <li>no overlapping holds and no stale token while held: the data server refuses one of
 * any two sections that overlap, and no refused holder may still hold its lock (faults
 * may add up to more than the command timeout, so a holder may lose its lease in a
 * section, and a refusal is then the fence at work);</li>
 * <li>no lost update: each key's counter equals the sections that the contenders saw
 * written;</li>
 * <li>every waiter gets through once faults stop.</li>
 * </ul>
 *
 * <p>
 * Settings (system properties): {@code chaos.seconds} of faults (15), {@code chaos.jvms}
 * (2), {@code chaos.threads} per JVM (4), {@code chaos.keys} (3), {@code chaos.seed}
 * (random, printed) and {@code chaos.longestStallMillis} (500; longer stalls, even longer
 * than the lease, make holders lose their leases more often, and every assertion must
 * still hold). To run it for as long as one wants, from the project's root:
 * <pre class="code">
 * ./mvnw -B -ntp -pl lock-redis -am verify -Dtest=ChaosIntegrationTests \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dchaos.seconds=600
 * </pre> The summary line, and every fault injected, are in
 * {@code lock-spring-boot-autoconfigure/target/surefire-reports/io.github.distlock.redis.ChaosIntegrationTests-output.txt}
 * (the summary also in any failure message); each JVM's log is in
 * {@code lock-spring-boot-autoconfigure/target/chaos/<run>/}.
 */
class ChaosIntegrationTests {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

	/**
	 * Bounds the contenders' last attempt during faults and their exit, beyond the final
	 * pass.
	 */
	private static final Duration FINISH_TIMEOUT = Duration.ofSeconds(30);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(2);

	private final Duration faultTime = Duration.ofSeconds(Long.getLong("chaos.seconds", 15));

	private final int jvms = Integer.getInteger("chaos.jvms", 2);

	private final int threads = Integer.getInteger("chaos.threads", 4);

	private final List<String> keys = IntStream.range(0, Integer.getInteger("chaos.keys", 3))
		.mapToObj((i) -> "k" + i)
		.toList();

	private final Duration longestStall = Duration.ofMillis(Long.getLong("chaos.longestStallMillis", 500));

	private final long seed = Long.getLong("chaos.seed", ThreadLocalRandom.current().nextLong());

	private final String prefix = "chaos-" + UUID.randomUUID();

	private final List<FaultProxy> proxies = new ArrayList<>();

	private final List<Process> contenders = new ArrayList<>();

	private LettuceConnectionFactory dataConnections;

	private ChaosSignals signals;

	private FencedCounters counters;

	@BeforeEach
	void connectToDataServer() {
		this.dataConnections = FencedCounters.connectionFactory(dataServer().port());
		StringRedisTemplate data = new StringRedisTemplate(this.dataConnections);
		this.signals = new ChaosSignals(data, this.prefix);
		this.counters = new FencedCounters(data, this.prefix);
	}

	@AfterEach
	void stopEverything() throws InterruptedException {
		for (Process contender : this.contenders) {
			contender.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
		this.proxies.forEach(FaultProxy::close);
		this.dataConnections.destroy();
	}

	@Test
	void contendersKeepExclusionAndFencingThroughRandomFaults() throws Exception {
		System.out
			.println("chaos " + this.prefix + ": seed " + this.seed + " (rerun with -Dchaos.seed=" + this.seed + ")");
		Path logs = Files.createDirectories(Path.of("target", "chaos", this.prefix));
		startContenders(logs);
		ChaosFaults faults = new ChaosFaults(this.proxies, this.seed, this.longestStall);
		this.signals.announce(Phase.FAULTS);
		faults.injectFor(this.faultTime);
		this.signals.announce(Phase.CALM);
		List<Integer> exitCodes = awaitContenders();

		Map<String, Long> done = totals();
		String summary = summary(faults, done, exitCodes, logs);
		System.out.println(summary);
		assertThat(this.signals.errors()).as(summary).isEmpty();
		assertThat(exitCodes).as(summary).containsOnly(0);
		assertNoOverlapNoStaleTokenNoLostUpdate(done, summary);
		assertThat(count(done, ContenderTally.FINAL_DONE)).as("keys taken once faults stopped; " + summary)
			.isEqualTo((long) this.jvms * this.threads * this.keys.size());
		assertThat(faults.injected(ChaosFaults.Kind.CUT) + faults.injected(ChaosFaults.Kind.STALL)).as(summary)
			.isPositive();
	}

	private void assertNoOverlapNoStaleTokenNoLostUpdate(Map<String, Long> done, String summary) {
		assertThat(count(done, ContenderTally.REFUSED_WHILE_HELD)).as("sections refused while held; " + summary)
			.isZero();
		assertThat(this.counters.refusals().values().stream().mapToLong(Long::longValue).sum())
			.as("refusals on the data server, each of a holder that had lost its lease; " + summary)
			.isEqualTo(count(done, ContenderTally.FENCED));
		for (String key : this.keys) {
			assertThat(this.counters.counter(key)).as("lost updates of '" + key + "'; " + summary)
				.isEqualTo(count(done, ContenderTally.sections(key)));
		}
	}

	private void startContenders(Path logs) throws IOException {
		for (int contender = 0; contender < this.jvms; contender++) {
			FaultProxy proxy = FaultProxy.start(lockServer());
			this.proxies.add(proxy);
			this.contenders.add(startContender(contender, proxy, logs));
			System.out.println("chaos " + this.prefix + ": contender " + contender + " through proxy " + proxy.port());
		}
		this.signals.awaitReady(this.jvms, START_TIMEOUT);
	}

	private Process startContender(int contender, FaultProxy proxy, Path logs) throws IOException {
		List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
				"-cp", System.getProperty("java.class.path"), ChaosContenderProcess.class.getName(),
				String.valueOf(proxy.port()), String.valueOf(dataServer().port()), this.prefix,
				String.valueOf(contender), String.valueOf(this.threads), String.valueOf(this.keys.size()),
				String.valueOf(this.seed), String.valueOf(this.faultTime.toSeconds()));
		return new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(logs.resolve("contender-" + contender + ".log").toFile())
			.start();
	}

	/**
	 * Waits for every contender to exit; returns their exit codes, -1 for one still
	 * running.
	 */
	private List<Integer> awaitContenders() throws InterruptedException {
		Duration timeout = FINISH_TIMEOUT.plus(ChaosContender.WAIT_ONCE_CALM.multipliedBy(this.keys.size()));
		long deadline = System.nanoTime() + timeout.toNanos();
		List<Integer> exitCodes = new ArrayList<>();
		for (Process contender : this.contenders) {
			boolean exited = contender.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
			exitCodes.add(exited ? contender.exitValue() : -1);
		}
		return exitCodes;
	}

	/** Sums the contenders' reports. */
	private Map<String, Long> totals() {
		Map<String, Long> totals = new TreeMap<>();
		for (int contender = 0; contender < this.jvms; contender++) {
			this.signals.report(contender).forEach((name, count) -> totals.merge(name, count, Long::sum));
		}
		return totals;
	}

	private String summary(ChaosFaults faults, Map<String, Long> done, List<Integer> exitCodes, Path logs) {
		long sections = this.keys.stream().mapToLong((key) -> count(done, ContenderTally.sections(key))).sum();
		return String.format("chaos seed=%d, %d JVMs x %d threads x %d keys, %d s of faults, stalls up to %d ms: "
				+ "%d sections written %s; faults: %s; seen: %s; refused by the data server: %s; exit codes %s; logs in %s",
				this.seed, this.jvms, this.threads, this.keys.size(), this.faultTime.toSeconds(),
				this.longestStall.toMillis(), sections, perKey(done), faults.summary(), seen(done),
				this.counters.refusals(), exitCodes, logs.toAbsolutePath());
	}

	private Map<String, Long> perKey(Map<String, Long> done) {
		Map<String, Long> perKey = new TreeMap<>();
		this.keys.forEach((key) -> perKey.put(key, count(done, ContenderTally.sections(key))));
		return perKey;
	}

	private static long count(Map<String, Long> done, String name) {
		return done.getOrDefault(name, 0L);
	}

	private static Map<String, Long> seen(Map<String, Long> done) {
		Map<String, Long> seen = new TreeMap<>(done);
		seen.keySet().removeIf((name) -> name.startsWith(ContenderTally.SECTIONS + ":"));
		return seen;
	}

	private static RedisServer lockServer() {
		return redis.server(0);
	}

	private static RedisServer dataServer() {
		return redis.server(1);
	}

}
