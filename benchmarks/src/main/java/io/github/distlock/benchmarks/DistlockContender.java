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

package io.github.distlock.benchmarks;

import java.util.List;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.micrometer.LockMetrics;
import io.github.distlock.redis.RedisLocker;

/**
 * distlock as an application uses it: a {@link DefaultLockTemplate} over a
 * {@link RedisLocker} on a Spring Data Redis Lettuce connection factory, with the run's
 * namespace as key prefix; the {@code distlock-metered} variant also records
 * {@link LockMetrics} in a {@link SimpleMeterRegistry}.
 */
final class DistlockContender implements Contender {

	static final String NAME = "distlock";

	static final String METERED = "distlock-metered";

	private final LettuceConnectionFactory connectionFactory;

	private final RedisLocker locker;

	private final DefaultLockTemplate template;

	private final boolean metered;

	DistlockContender(RedisAddress address, String namespace, boolean metered) {
		this.connectionFactory = connectionFactory(address);
		this.locker = new RedisLocker(this.connectionFactory, namespace);
		// As an application context does: the locker gets ready before the first lock.
		this.locker.start();
		this.metered = metered;
		this.template = new DefaultLockTemplate(this.locker, WatchdogSettings.watchdogLease(LEASE),
				metered ? List.of(new LockMetrics(new SimpleMeterRegistry())) : List.of());
	}

	/**
	 * Returns a started connection factory as an application would configure it, with the
	 * harness's command timeout.
	 * @param address where Redis listens
	 * @return the connection factory; destroy it when done
	 */
	static LettuceConnectionFactory connectionFactory(RedisAddress address) {
		LettuceConnectionFactory connectionFactory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(address.host(), address.port()),
				LettuceClientConfiguration.builder().commandTimeout(RedisAddress.COMMAND_TIMEOUT).build());
		connectionFactory.afterPropertiesSet();
		connectionFactory.start();
		return connectionFactory;
	}

	@Override
	public String name() {
		return this.metered ? METERED : NAME;
	}

	@Override
	public LockSession session(String key) {
		return new TemplateSession(this.template, key);
	}

	@Override
	public void close() {
		this.template.close();
		this.locker.close();
		this.connectionFactory.destroy();
	}

}
