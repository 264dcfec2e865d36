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

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.distlock.LockHandle;
import io.github.distlock.test.redis.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Mutual exclusion, fencing and crash recovery across two JVMs sharing one Redis.
 */
class SecondProcessIntegrationTests {

	@RegisterExtension
	static final RedisServerExtension redis = RedisServerExtension.servers(1);

	private RedisLockFixture fixture;

	private final List<Process> children = new ArrayList<>();

	@BeforeEach
	void setUp() {
		this.fixture = new RedisLockFixture(redis.server());
	}

	@AfterEach
	void tearDown() {
		this.children.forEach(Process::destroyForcibly);
		this.fixture.close();
	}

	@Test
	void twoProcessesLoseNoUpdateAndTokensFollowLockOrder() throws Exception {
		Process child = startChild("shared", "increment", "8", "50", "30000");
		LockContenderProcess.increment(this.fixture.template, this.fixture.redis, this.fixture.prefix, "shared", 8, 50);
		assertThat(child.waitFor(3, TimeUnit.MINUTES)).isTrue();
		assertThat(child.exitValue()).isZero();

		assertThat(this.fixture.redis.opsForValue().get(this.fixture.prefix + ":counter")).isEqualTo("800");
		List<Long> tokens = this.fixture.redis.opsForList()
			.range(this.fixture.prefix + ":tokens", 0, -1)
			.stream()
			.map(Long::valueOf)
			.toList();
		assertThat(tokens).hasSize(800).isSorted().doesNotHaveDuplicates();
	}

	@Test
	void lockOfKilledHolderFreesWithinItsLease() throws Exception {
		// Long enough that a child JVM started on a busy machine renews in time (its
		// first renewal loads code).
		Duration lease = Duration.ofSeconds(3);
		Process child = startChild("crashing", "hold", String.valueOf(lease.toMillis()));
		await().atMost(Duration.ofSeconds(60)).until(() -> this.fixture.redis.hasKey(this.fixture.prefix + ":held"));
		for (int i = 0; i < 30; i++) {
			System.out.println("PTTL " + System.currentTimeMillis() % 100000 + " "
					+ this.fixture.redis.getExpire("{" + this.fixture.prefix + ":crashing}", TimeUnit.MILLISECONDS));
			Thread.sleep(100);
		}
		assertThat(this.fixture.template.tryAcquire("crashing", lease, Duration.ZERO))
			.as("the watchdog keeps the lock past its lease while the holder lives")
			.isEmpty();

		child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		long killedAt = System.nanoTime();
		try (LockHandle handle = this.fixture.template.tryAcquire("crashing", lease, Duration.ofSeconds(10))
			.orElseThrow()) {
			assertThat(Duration.ofNanos(System.nanoTime() - killedAt)).isLessThanOrEqualTo(lease.plusSeconds(1));
			assertThat(handle.isHeld()).isTrue();
		}
	}

	private Process startChild(String key, String... args) throws IOException {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
						System.getProperty("java.class.path"), LockContenderProcess.class.getName(),
						String.valueOf(redis.server().port()), this.fixture.prefix, key));
		command.addAll(List.of(args));
		File log = Files.createTempFile("lock-contender-", ".log").toFile();
		Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
		this.children.add(child);
		return child;
	}

}
