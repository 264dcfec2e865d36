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
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;

import io.github.distlock.LockHandle;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.test.support.FaultInjectingLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.github.distlock.core.TemplateTesting.acquire;
import static io.github.distlock.core.TemplateTesting.block;
import static io.github.distlock.core.TemplateTesting.queueWaiter;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Fencing tokens minted when first asked for, with the claim's owner token, while held.
 */
class FencingTokenTests {

	private final InMemoryLocker memory = new InMemoryLocker();

	private final FaultInjectingLocker locker = new FaultInjectingLocker(this.memory);

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)));

	@AfterEach
	void tearDown() {
		this.template.close();
	}

	@Test
	void tokenIsMintedOnlyWhenAskedForAndNestedHoldingsShareIt() {
		try (LockHandle outer = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO)) {
			assertThat(this.locker.calls("fence")).isZero();
			long token = outer.fencingToken();
			try (LockHandle inner = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO)) {
				assertThat(inner.fencingToken()).isEqualTo(token);
			}
			assertThat(outer.fencingToken()).isEqualTo(token);
		}
		assertThat(this.locker.calls("fence")).isOne();
	}

	@Test
	void holdingsHandedTheLockGetLargerTokensThanTheHoldingsBefore() {
		LockHandle first = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO);
		long firstToken = first.fencingToken();
		CompletableFuture<Optional<LockHandle>> waiter = queueWaiter(this.template, "k", Duration.ofSeconds(30),
				Duration.ofSeconds(5));
		first.close();
		try (LockHandle next = waiter.join().orElseThrow()) {
			assertThat(next.fencingToken()).isGreaterThan(firstToken);
		}
		assertThat(this.locker.calls("acquire")).isOne();
	}

	@Test
	void tokensKeepIncreasingAfterTheStoreLostItsData() {
		long before;
		try (LockHandle held = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO)) {
			before = held.fencingToken();
		}
		this.memory.clear();
		try (LockHandle held = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO)) {
			assertThat(held.fencingToken()).isGreaterThan(before);
		}
	}

	@Test
	void aReleasedHoldingHasNoTokenToMint() {
		LockHandle held = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO);
		held.close();
		assertThatIllegalStateException().isThrownBy(held::fencingToken).withMessageContaining("'k'");
	}

	@Test
	void aHoldingWhoseLockTheStoreLostGetsNoTokenAndIsTold() {
		LockHandle held = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO);
		this.memory.clear();
		assertThatIllegalStateException().isThrownBy(held::fencingToken).withMessageContaining("'k'");
		assertThat(held.isHeld()).isFalse();
		assertThat(this.template.statistics().leasesLost()).isOne();
		held.close();
	}

	@Test
	void releaseWaitsForATokenBeingMinted() {
		LockHandle held = acquire(this.template, "k", Duration.ofSeconds(30), Duration.ZERO);
		CountDownLatch minting = new CountDownLatch(1);
		CountDownLatch answer = new CountDownLatch(1);
		this.locker.before("fence", () -> {
			minting.countDown();
			block(answer);
		});
		CompletableFuture<Long> token = CompletableFuture.supplyAsync(held::fencingToken,
				TemplateTesting::runOnNewThread);
		block(minting);
		CompletableFuture<Void> closing = CompletableFuture.runAsync(held::close, TemplateTesting::runOnNewThread);
		assertThat(this.locker.calls("release")).isZero();
		answer.countDown();
		assertThat(token.join()).isPositive();
		closing.join();
		assertThat(this.locker.calls("release")).isOne();
	}

}
