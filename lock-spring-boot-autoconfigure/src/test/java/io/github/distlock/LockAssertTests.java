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

package io.github.distlock;

import java.time.Duration;

import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.memory.InMemoryLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * {@link LockAssert} over locks bound to the thread in {@link LockContext}. Through
 * {@code @DistributedLock}, multi-locks included, it is tested in lock-spring-boot-test.
 */
class LockAssertTests {

	private final DefaultLockTemplate template = new DefaultLockTemplate(new InMemoryLocker(),
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

	@AfterEach
	void close() {
		this.template.close();
	}

	@Test
	void passesWhileBoundLockIsHeld() {
		try (LockHandle lock = take("goods:42"); LockContext.Scope scope = LockContext.bind(lock)) {
			assertThatNoException().isThrownBy(LockAssert::assertLocked);
			assertThatNoException().isThrownBy(() -> LockAssert.assertLocked("goods:42"));
		}
	}

	@Test
	void failsOutsideAnyLockNamingTheThread() {
		assertThatIllegalStateException().isThrownBy(LockAssert::assertLocked)
			.withMessageStartingWith("Expected thread '" + Thread.currentThread().getName()
					+ "' to hold a distributed lock, but it holds none.")
			.withMessageContaining("@DistributedLock");
		assertThatIllegalStateException().isThrownBy(() -> LockAssert.assertLocked("goods:42"))
			.withMessageContaining("to hold lock 'goods:42', but it holds none");
	}

	@Test
	void failsNamingTheLocksHeldWhenAnotherIsExpected() {
		try (LockHandle lock = take("goods:41"); LockContext.Scope scope = LockContext.bind(lock)) {
			assertThatIllegalStateException().isThrownBy(() -> LockAssert.assertLocked("goods:42"))
				.withMessageContaining("to hold lock 'goods:42', but it has only 'goods:41'.");
		}
	}

	@Test
	void failsWhenTheBoundLockIsNoLongerHeld() {
		LockHandle lock = take("goods:42");
		try (LockContext.Scope scope = LockContext.bind(lock)) {
			lock.close();
			assertThatIllegalStateException().isThrownBy(() -> LockAssert.assertLocked("goods:42"))
				.withMessageContaining("'goods:42' (no longer held: released or its lease lost)");
		}
	}

	@Test
	void nestedLocksCountEachOne() {
		try (LockHandle outer = take("goods:41");
				LockContext.Scope outerScope = LockContext.bind(outer);
				LockHandle inner = take("goods:42");
				LockContext.Scope innerScope = LockContext.bind(inner)) {
			assertThatNoException().isThrownBy(() -> LockAssert.assertLocked("goods:41"));
			assertThatNoException().isThrownBy(() -> LockAssert.assertLocked("goods:42"));
		}
	}

	private LockHandle take(String key) {
		return this.template.tryAcquire(key, null, null).orElseThrow();
	}

}
