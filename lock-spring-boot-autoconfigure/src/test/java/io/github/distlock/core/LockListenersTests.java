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
import java.util.List;

import io.github.distlock.LockHandle;
import io.github.distlock.memory.InMemoryLocker;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A listener that fails, even with an {@code Error}, neither loses a lock nor keeps the
 * other listeners from being told.
 */
class LockListenersTests {

	@Test
	void aFailingListenerLeavesLockingAndTheOtherListenersAlone() {
		CountingListener counting = new CountingListener();
		try (DefaultLockTemplate template = new DefaultLockTemplate(new InMemoryLocker(),
				WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), List.of(new FailingListener(), counting))) {
			LockHandle held = template.tryAcquire("goods:1", Duration.ofSeconds(30), Duration.ZERO).orElseThrow();
			held.close();
			assertThat(template.tryAcquire("goods:1", Duration.ofSeconds(30), Duration.ZERO)).isPresent();
			assertThat(counting.acquired).isEqualTo(2);
			assertThat(counting.released).isOne();
		}
	}

	/** Fails at every event. */
	static class FailingListener implements LockListener {

		@Override
		public void acquiring(String key) {
			throw new AssertionError("listener bug");
		}

		@Override
		public void acquired(String key, long hold, Duration waited) {
			throw new AssertionError("listener bug");
		}

		@Override
		public void released(String key, long hold, Duration held) {
			throw new IllegalStateException("listener bug");
		}

	}

	/** Counts acquisitions and releases. */
	static class CountingListener implements LockListener {

		int acquired;

		int released;

		@Override
		public void acquired(String key, long hold, Duration waited) {
			this.acquired++;
		}

		@Override
		public void released(String key, long hold, Duration held) {
			this.released++;
		}

	}

}
