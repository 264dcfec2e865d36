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

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.store.Locker;

/**
 * distlock on any store: a {@link DefaultLockTemplate} over the store's {@link Locker},
 * with the harness's lease in watchdog mode, as the auto-configuration makes it.
 */
final class LockerContender implements Contender {

	private final String name;

	private final DefaultLockTemplate template;

	private final AutoCloseable locker;

	/**
	 * Creates the contender.
	 * @param name the contender's name
	 * @param locker the store's locker, closed with the contender
	 */
	<L extends Locker & AutoCloseable> LockerContender(String name, L locker) {
		this.name = name;
		this.locker = locker;
		this.template = new DefaultLockTemplate(locker, WatchdogSettings.watchdogLease(LEASE));
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public LockSession session(String key) {
		return new TemplateSession(this.template, key);
	}

	@Override
	public void close() {
		this.template.close();
		try {
			this.locker.close();
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not close the " + this.name + " locker", ex);
		}
	}

}
