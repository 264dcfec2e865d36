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

package io.github.distlock.core;

import java.time.Duration;
import java.util.Map;

import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.store.Locker;
import io.github.distlock.test.support.AbstractLockerContractTests;

/**
 * The {@link Locker} contract run against {@link InMemoryLocker}, so that tests of the
 * backend-neutral logic, and applications tested with {@code distlock.store=in-memory},
 * may trust it to answer as Redis does.
 */
class InMemoryLockerContractTests extends AbstractLockerContractTests {

	private final InMemoryLocker locker = new InMemoryLocker();

	private final InMemoryLocker otherProcess = this.locker.otherProcess();

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
		return this.locker.otherProcess(giveWay);
	}

	@Override
	protected void loseAllData() {
		this.locker.clear();
	}

	@Override
	protected Map<String, Long> timesToLive() {
		return this.locker.timesToLive();
	}

}
