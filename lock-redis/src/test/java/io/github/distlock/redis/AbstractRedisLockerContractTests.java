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
import java.util.Map;
import java.util.UUID;

import io.github.distlock.store.Locker;
import io.github.distlock.test.support.AbstractLockerContractTests;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * The {@link Locker} contract run against {@link RedisLocker}: two processes are two
 * lockers with their own release-notice subscriptions on one connection factory, under a
 * random prefix. A subclass supplies the connections to a deployment of Redis.
 */
abstract class AbstractRedisLockerContractTests extends AbstractLockerContractTests {

	private final RedisLockers lockers = new RedisLockers("test-" + UUID.randomUUID());

	private RedisLocker locker;

	private RedisLocker otherProcess;

	/**
	 * Returns the connections to the Redis under test, the same throughout the test
	 * class.
	 * @return the connection factory
	 */
	protected abstract RedisConnectionFactory connectionFactory();

	/**
	 * Returns the prefix of the test's locks.
	 * @return the prefix
	 */
	protected String prefix() {
		return this.lockers.prefix();
	}

	@BeforeEach
	void createProcesses() {
		this.locker = this.lockers.create(connectionFactory(), RedisLocker.GIVE_WAY);
		this.otherProcess = this.lockers.create(connectionFactory(), RedisLocker.GIVE_WAY);
	}

	@AfterEach
	void closeProcesses() {
		this.lockers.close();
	}

	@Override
	protected RedisLocker locker() {
		return this.locker;
	}

	@Override
	protected RedisLocker otherProcess() {
		return this.otherProcess;
	}

	@Override
	protected Locker processGivingWayFor(Duration giveWay) {
		return this.lockers.create(connectionFactory(), giveWay);
	}

	@Override
	protected Map<String, Long> timesToLive() {
		return this.lockers.timesToLive(connectionFactory());
	}

}
