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

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.redis.ChaosSignals.Phase;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A JVM that contends for locks in {@link ChaosIntegrationTests}: its locks go through a
 * fault proxy, its data and its signals straight to the data server.
 *
 * <p>
 * Arguments:
 * {@code LOCK_PORT DATA_PORT PREFIX CONTENDER THREADS KEYS SEED FAULT_SECONDS}. It says
 * it is ready, waits for the fault phase, runs {@code THREADS} {@link ChaosContender}s
 * over the keys {@code k0 .. k<KEYS-1>} until the calm phase, lets them take every key
 * once more, and reports its counts.
 */
public final class ChaosContenderProcess {

	private static final Log logger = LogFactory.getLog(ChaosContenderProcess.class);

	/** How long a contender waits for the test at most, beyond the faults themselves. */
	private static final Duration PATIENCE = Duration.ofSeconds(120);

	private ChaosContenderProcess() {
	}

	/**
	 * Runs one contender.
	 * @param args see the class documentation
	 * @throws Exception when the contender failed; the test sees it among the errors
	 */
	public static void main(String[] args) throws Exception {
		Arguments arguments = Arguments.parse(args);
		// a test JVM that was killed leaves no contender behind
		ProcessHandle.current().parent().ifPresent((test) -> test.onExit().thenRun(() -> Runtime.getRuntime().halt(2)));
		LettuceConnectionFactory lockConnections = RedisLockFixture.connectionFactory(arguments.lockPort());
		LettuceConnectionFactory dataConnections = FencedCounters.connectionFactory(arguments.dataPort());
		StringRedisTemplate data = new StringRedisTemplate(dataConnections);
		ChaosSignals signals = new ChaosSignals(data, arguments.prefix());
		try (RedisLocker locker = new RedisLocker(lockConnections, arguments.prefix());
				DefaultLockTemplate template = new DefaultLockTemplate(locker,
						WatchdogSettings.watchdogLease(ChaosContender.LEASE))) {
			Map<String, Long> counts = contend(template, new FencedCounters(data, arguments.prefix()), signals,
					arguments);
			signals.report(arguments.contender(), counts);
		}
		catch (Exception ex) {
			signals.error("contender-" + arguments.contender() + " failed: " + ex);
			throw ex;
		}
		finally {
			lockConnections.destroy();
			dataConnections.destroy();
		}
	}

	/**
	 * Says it is ready, contends through both phases, and returns what it did and saw.
	 */
	private static Map<String, Long> contend(DefaultLockTemplate template, FencedCounters counters,
			ChaosSignals signals, Arguments arguments) throws Exception {
		ContenderTally tally = new ContenderTally();
		AtomicBoolean faultsOn = new AtomicBoolean(true);
		List<ChaosContender> contenders = contenders(arguments, template, counters, signals, tally, faultsOn);
		signals.ready();
		logger.info("Contender " + arguments.contender() + " ready " + ManagementFactory.getRuntimeMXBean().getUptime()
				+ " ms after its start");
		signals.awaitPhase(Phase.FAULTS, PATIENCE);
		run(contenders, faultsOn, signals, arguments);
		tally.add(ContenderTally.STATISTICS_LEASES_LOST, template.statistics().leasesLost());
		tally.add(ContenderTally.STATISTICS_RELEASES_FAILED, template.statistics().releasesFailed());
		return tally.counts();
	}

	private static List<ChaosContender> contenders(Arguments arguments, DefaultLockTemplate template,
			FencedCounters counters, ChaosSignals signals, ContenderTally tally, AtomicBoolean faultsOn) {
		List<String> keys = IntStream.range(0, arguments.keys()).mapToObj((i) -> "k" + i).toList();
		// seeded per contender, so that a run's choices follow from its seed as far as
		// timing allows
		Random random = new Random(arguments.seed() * 31 + arguments.contender());
		return IntStream.range(0, arguments.threads())
			.mapToObj((thread) -> new ChaosContender("contender-" + arguments.contender() + "-" + thread, template,
					counters, signals, tally, keys, new Random(random.nextLong()), faultsOn::get))
			.toList();
	}

	/**
	 * Runs the contenders through the fault phase, tells them when it is over, and waits
	 * for them.
	 */
	private static void run(List<ChaosContender> contenders, AtomicBoolean faultsOn, ChaosSignals signals,
			Arguments arguments) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(contenders.size());
		try {
			List<Future<Void>> running = new ArrayList<>();
			contenders.forEach((contender) -> running.add(pool.submit(contender)));
			signals.awaitPhase(Phase.CALM, arguments.faults().plus(PATIENCE));
			faultsOn.set(false);
			for (Future<Void> contender : running) {
				contender.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

	private record Arguments(int lockPort, int dataPort, String prefix, int contender, int threads, int keys, long seed,
			Duration faults) {

		static Arguments parse(String[] args) {
			return new Arguments(Integer.parseInt(args[0]), Integer.parseInt(args[1]), args[2],
					Integer.parseInt(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5]),
					Long.parseLong(args[6]), Duration.ofSeconds(Long.parseLong(args[7])));
		}

	}

}
