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

import io.github.distlock.store.Locker;
import io.github.distlock.test.support.AbstractLockerContractTests;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@link Locker} contract run against {@link RedlockLocker} on five independent Redis
 * masters: a Redlock store answers every operation as a single Redis does.
 */
class RedlockLockerContractTests extends AbstractLockerContractTests {

	@RegisterExtension
	static final RedlockNodes nodes = new RedlockNodes(5);

	private RedlockLocker locker;

	private RedlockLocker otherProcess;

	@BeforeEach
	void createProcesses() {
		this.locker = nodes.process(RedisLocker.GIVE_WAY);
		this.otherProcess = nodes.process(RedisLocker.GIVE_WAY);
	}

	@Override
	protected Locker locker() {
		return this.locker;
	}

	@Override
	protected Locker otherProcess() {
		return this.otherProcess;
	}

	@Override
	protected Locker processGivingWayFor(Duration giveWay) {
		return nodes.process(giveWay);
	}

	@Override
	protected void loseAllData() {
		nodes.restartAllEmpty();
	}

	@Override
	protected Map<String, Long> timesToLive() {
		return nodes.timesToLive();
	}

	/**
	 * Fewer than on one node: each lock costs five nodes' work, and fencing two calls on
	 * each.
	 */
	@Override
	protected int footprintLocks() {
		return 2_000;
	}

}
