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

import java.time.Duration;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;

/**
 * One thread's use of a distlock template on one key, whatever its store.
 */
final class TemplateSession implements LockSession {

	private final LockTemplate template;

	private final String key;

	private LockHandle handle;

	TemplateSession(LockTemplate template, String key) {
		this.template = template;
		this.key = key;
	}

	@Override
	public boolean acquire(Duration wait) {
		this.handle = this.template.tryAcquire(this.key, Contender.LEASE, wait).orElse(null);
		return this.handle != null;
	}

	@Override
	public void release() {
		this.handle.close();
		this.handle = null;
	}

}
