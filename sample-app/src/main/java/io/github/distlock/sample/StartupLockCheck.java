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

package io.github.distlock.sample;

import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Takes and releases one lock at start-up, so a new user sees the starter at work in the
 * log.
 */
@Component
class StartupLockCheck implements ApplicationRunner {

	private static final Log logger = LogFactory.getLog(StartupLockCheck.class);

	private final LockTemplate lockTemplate;

	StartupLockCheck(LockTemplate lockTemplate) {
		this.lockTemplate = lockTemplate;
	}

	@Override
	public void run(ApplicationArguments args) {
		try (LockHandle handle = this.lockTemplate
			.tryAcquire("sample:startup", Duration.ofSeconds(5), Duration.ofSeconds(5))
			.orElseThrow()) {
			logger.info("distlock is working: took lock '" + handle.key() + "' with fencing token "
					+ handle.fencingToken());
		}
	}

}
