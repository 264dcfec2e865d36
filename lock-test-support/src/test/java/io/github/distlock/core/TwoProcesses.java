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

import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.test.support.FaultInjectingLocker;

/**
 * Two processes on one in-memory store, each with a template: the first with a
 * {@link FaultInjectingLocker} to disturb and watch, the other plain.
 */
final class TwoProcesses implements AutoCloseable {

	private final InMemoryLocker memory = new InMemoryLocker();

	private final FaultInjectingLocker locker = new FaultInjectingLocker(this.memory);

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

	private final DefaultLockTemplate otherProcess = new DefaultLockTemplate(this.memory.otherProcess(),
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

	InMemoryLocker memory() {
		return this.memory;
	}

	FaultInjectingLocker locker() {
		return this.locker;
	}

	DefaultLockTemplate template() {
		return this.template;
	}

	DefaultLockTemplate otherProcess() {
		return this.otherProcess;
	}

	@Override
	public void close() {
		this.template.close();
		this.otherProcess.close();
	}

}
