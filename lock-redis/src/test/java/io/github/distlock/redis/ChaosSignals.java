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

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.data.redis.core.StringRedisTemplate;

import static org.awaitility.Awaitility.await;

/**
 * How {@link ChaosIntegrationTests} and its {@link ChaosContenderProcess}es talk, through
 * the data server that no fault touches: contenders say they are ready, the test
 * announces each phase, and contenders leave their counts and any unexpected error there.
 */
final class ChaosSignals {

	private static final Duration POLL = Duration.ofMillis(20);

	/**
	 * What contenders do: contend while faults are injected, then take every key once
	 * more.
	 */
	enum Phase {

		FAULTS, CALM

	}

	private final StringRedisTemplate redis;

	private final String prefix;

	ChaosSignals(StringRedisTemplate redis, String prefix) {
		this.redis = redis;
		this.prefix = prefix;
	}

	void ready() {
		this.redis.opsForValue().increment(this.prefix + ":ready");
	}

	void awaitReady(int contenders, Duration timeout) {
		await("all " + contenders + " contenders ready").atMost(timeout).pollInterval(POLL).until(() -> {
			String ready = this.redis.opsForValue().get(this.prefix + ":ready");
			return ready != null && Integer.parseInt(ready) >= contenders;
		});
	}

	void announce(Phase phase) {
		this.redis.opsForValue().set(this.prefix + ":phase", phase.name());
	}

	void awaitPhase(Phase phase, Duration timeout) {
		await("phase " + phase).atMost(timeout)
			.pollInterval(POLL)
			.until(() -> phase.name().equals(this.redis.opsForValue().get(this.prefix + ":phase")));
	}

	void report(int contender, Map<String, Long> counts) {
		this.redis.opsForHash()
			.putAll(reportKey(contender),
					counts.entrySet()
						.stream()
						.collect(Collectors.toMap(Map.Entry::getKey, (entry) -> String.valueOf(entry.getValue()))));
	}

	/** Returns a contender's counts, empty if it never reported. */
	Map<String, Long> report(int contender) {
		return this.redis.<String, String>opsForHash()
			.entries(reportKey(contender))
			.entrySet()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, (entry) -> Long.parseLong(entry.getValue())));
	}

	/** Records what went wrong where nothing may go wrong, for the test to show. */
	void error(String message) {
		this.redis.opsForList().rightPush(this.prefix + ":errors", message);
	}

	List<String> errors() {
		return this.redis.opsForList().range(this.prefix + ":errors", 0, -1);
	}

	private String reportKey(int contender) {
		return this.prefix + ":report:" + contender;
	}

}
