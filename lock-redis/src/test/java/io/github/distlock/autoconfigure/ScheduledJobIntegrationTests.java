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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockContext;
import io.github.distlock.WhenBusy;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code @Scheduled} job on three instances of an application (three contexts on one
 * Redis) runs once per tick across them, with {@code whenBusy = SKIP} and a minimum hold
 * from configuration, and nothing is logged as an error.
 */
@ExtendWith(OutputCaptureExtension.class)
class ScheduledJobIntegrationTests {

	private static final long PERIOD_MS = 200;

	private static final Duration RUNNING = Duration.ofSeconds(5);

	private static final Duration HOLD_AT_LEAST = Duration.ofMillis(100);

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	@Test
	void eachTickRunsOnExactlyOneInstanceWithoutErrors(CapturedOutput output) throws InterruptedException {
		Runs runs = new Runs();
		String prefix = "jobs-" + UUID.randomUUID();
		List<ConfigurableApplicationContext> instances = new ArrayList<>();
		try {
			for (int instance = 0; instance < 3; instance++) {
				instances.add(start(instance, runs, prefix));
			}
			Thread.sleep(RUNNING.toMillis());
		}
		finally {
			instances.forEach(ConfigurableApplicationContext::close);
		}
		// A tick that ran twice ran within a few ms (the instances' clocks are 7 ms
		// apart); ticks are 200 ms apart.
		List<Duration> gaps = runs.gaps();
		assertThat(gaps).as("time between consecutive runs")
			.allSatisfy((gap) -> assertThat(gap).isGreaterThan(HOLD_AT_LEAST));
		assertThat(gaps).as("time between consecutive runs")
			.hasSizeGreaterThan((int) (RUNNING.toMillis() / PERIOD_MS) * 4 / 5);
		assertThat(runs.lockedEveryTime()).isTrue();
		assertThat(output).doesNotContain("ERROR").doesNotContain("LockNotAcquiredException");
	}

	@Test
	void anInstanceStoppingDuringAMinimumHoldLeavesTheLockUntilTheHoldEndsNotTheLease() {
		String prefix = "stop-" + UUID.randomUUID();
		try (ConfigurableApplicationContext instance = new SpringApplicationBuilder(NightlyApplication.class)
			.web(WebApplicationType.NONE)
			.properties("spring.data.redis.port=" + redis.server().port(), "distlock.key-prefix=" + prefix)
			.run()) {
			instance.getBean(NightlyJob.class).run();
		}
		LettuceConnectionFactory connection = new LettuceConnectionFactory(redis.server().host(),
				redis.server().port());
		connection.afterPropertiesSet();
		try {
			StringRedisTemplate redisTemplate = new StringRedisTemplate(connection);
			String lockKey = redisTemplate.keys("*" + prefix + "*")
				.stream()
				.filter((key) -> key.endsWith("}"))
				.findFirst()
				.orElseThrow();
			assertThat(redisTemplate.getExpire(lockKey, TimeUnit.MILLISECONDS)).isPositive()
				.isLessThanOrEqualTo(60_000);
		}
		finally {
			connection.destroy();
		}
	}

	private static ConfigurableApplicationContext start(int instance, Runs runs, String prefix) {
		return new SpringApplicationBuilder(JobApplication.class).web(WebApplicationType.NONE)
			.properties("spring.data.redis.port=" + redis.server().port(), "distlock.key-prefix=" + prefix,
					"instance.id=" + instance, "jobs.report.hold-at-least=" + HOLD_AT_LEAST.toMillis() + "ms")
			.initializers((context) -> context.getBeanFactory().registerSingleton("runs", runs))
			.run();
	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, RedisLockAutoConfiguration.class,
			DistributedLockAutoConfiguration.class })
	static class JobApplication {

		@Bean
		ReportJob reportJob(Runs runs) {
			return new ReportJob(runs);
		}

		@Bean
		ThreadPoolTaskScheduler taskScheduler(Environment environment) {
			return new TicksInStep(environment.getRequiredProperty("instance.id", Integer.class));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ DataRedisAutoConfiguration.class, RedisLockAutoConfiguration.class,
			DistributedLockAutoConfiguration.class })
	static class NightlyApplication {

		@Bean
		NightlyJob nightlyJob() {
			return new NightlyJob();
		}

	}

	/** A job whose lease is far longer than its minimum hold. */
	static class NightlyJob {

		@DistributedLock(name = "jobs", key = "'nightly'", leaseMs = 3_600_000, holdAtLeastMs = 60_000)
		public void run() {
		}

	}

	/** The job: fast, on every instance, every 200 ms. */
	static class ReportJob {

		private final Runs runs;

		ReportJob(Runs runs) {
			this.runs = runs;
		}

		@Scheduled(fixedRate = PERIOD_MS)
		@DistributedLock(name = "jobs", key = "'report'", waitMs = 0, whenBusy = WhenBusy.SKIP,
				holdAtLeastString = "${jobs.report.hold-at-least}")
		public void send() {
			this.runs.record(LockContext.current().isPresent());
		}

	}

	/**
	 * A scheduler whose fixed-rate ticks fall on wall-clock multiples of the period, as
	 * cron ticks do, each instance's a few milliseconds after the one before: the clocks
	 * of three hosts.
	 */
	static class TicksInStep extends ThreadPoolTaskScheduler {

		private final long lagMs;

		TicksInStep(int instance) {
			this.lagMs = instance * 7L;
		}

		@Override
		public ScheduledFuture<?> scheduleAtFixedRate(Runnable task, Duration period) {
			long now = System.currentTimeMillis();
			long nextTick = (now / period.toMillis() + 1) * period.toMillis();
			return scheduleAtFixedRate(task, Instant.ofEpochMilli(nextTick + this.lagMs), period);
		}

	}

	/** When the instances ran the job. */
	static class Runs {

		private final ConcurrentLinkedQueue<Run> runs = new ConcurrentLinkedQueue<>();

		void record(boolean locked) {
			this.runs.add(new Run(System.nanoTime(), locked));
		}

		List<Duration> gaps() {
			long[] starts = this.runs.stream().mapToLong(Run::startedAt).sorted().toArray();
			return IntStream.range(1, starts.length)
				.mapToObj((i) -> Duration.ofNanos(starts[i] - starts[i - 1]))
				.toList();
		}

		boolean lockedEveryTime() {
			return this.runs.stream().allMatch(Run::locked);
		}

		private record Run(long startedAt, boolean locked) {
		}

	}

}
