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

package io.github.distlock.docs.template;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.github.distlock.LockAssert;
import io.github.distlock.LockContext;
import io.github.distlock.LockHandle;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.LockTemplate;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The template page's examples, on the in-memory store.
 */
@SpringBootTest(properties = "distlock.store=in-memory")
class TemplateExamplesTests {

	/**
	 * A thread of its own per call: a pooled thread may still hold a lock of an earlier
	 * call, and re-enter it.
	 */
	private static final Executor NEW_THREAD = (task) -> new Thread(task).start();

	@Autowired
	private LockTemplate lockTemplate;

	private final Ledger ledger = new Ledger();

	@Test
	void tryAcquireGivesAHandleWithAFencingToken() throws Exception {
		// tag::try-acquire[]
		try (LockHandle lock = this.lockTemplate.tryAcquire("goods:42", Duration.ofSeconds(5), Duration.ofSeconds(1))
			.orElseThrow(() -> new IllegalStateException("goods:42 is busy"))) {
			this.ledger.write(42, lock.fencingToken());
			// end::try-acquire[]
			assertThat(lock.isHeld()).isTrue();
			assertThat(onAnotherThread(() -> this.lockTemplate.tryAcquire("goods:42", null, null))).isEmpty();
			// tag::try-acquire[]
		}
		// end::try-acquire[]
		assertThat(this.ledger.lastToken).isPositive();
	}

	@Test
	void executeRunsTheActionUnderTheLock() throws Exception {
		// tag::execute[]
		String result = this.lockTemplate.execute("goods:42", null, Duration.ofSeconds(1), () -> "purchased 42");
		// end::execute[]
		assertThat(result).isEqualTo("purchased 42");
		try (LockHandle held = this.lockTemplate.tryAcquire("goods:42", null, null).orElseThrow()) {
			assertThatExceptionOfType(LockNotAcquiredException.class).isThrownBy(() -> onAnotherThread(
					() -> this.lockTemplate.execute("goods:42", null, Duration.ofMillis(100), () -> "purchased 42")));
		}
	}

	@Test
	void theHoldingThreadMayTakeTheLockAgain() {
		// tag::reentry[]
		try (LockHandle outer = this.lockTemplate.tryAcquire("goods:42", null, null).orElseThrow();
				LockHandle inner = this.lockTemplate.tryAcquire("goods:42", null, null).orElseThrow()) {
			assertThat(inner.fencingToken()).isEqualTo(outer.fencingToken());
		}
		// end::reentry[]
	}

	@Test
	void aTemplateLockIsSeenByLockAssertOnceBound() {
		try (LockHandle lock = this.lockTemplate.tryAcquire("goods:42", null, null).orElseThrow()) {
			assertThat(LockContext.current()).isEmpty();
			assertThatIllegalStateException().isThrownBy(() -> LockAssert.assertLocked("goods:42"));
			// tag::bind[]
			try (LockContext.Scope bound = LockContext.bind(lock)) {
				LockAssert.assertLocked("goods:42");
				// code that asserts the lock, or reads LockContext.current(), sees it
				// here
			}
			// end::bind[]
			assertThat(LockContext.current()).isEmpty();
		}
	}

	@Test
	void aFencingTokenIsOnlyGivenWhileHeld() {
		LockHandle lock = this.lockTemplate.tryAcquire("goods:42", null, null).orElseThrow();
		lock.close();
		lock.close();
		assertThat(lock.isHeld()).isFalse();
		assertThatIllegalStateException().isThrownBy(lock::fencingToken);
	}

	@Test
	void aLaterHolderGetsALargerToken() {
		long first;
		try (LockHandle lock = this.lockTemplate.tryAcquire("goods:42", null, null).orElseThrow()) {
			first = lock.fencingToken();
		}
		try (LockHandle lock = this.lockTemplate.tryAcquire("goods:42", null, null).orElseThrow()) {
			assertThat(lock.fencingToken()).isGreaterThan(first);
		}
	}

	private static <T> T onAnotherThread(Supplier<T> call) throws Exception {
		try {
			return CompletableFuture.supplyAsync(call, NEW_THREAD).get(10, TimeUnit.SECONDS);
		}
		catch (ExecutionException ex) {
			throw (RuntimeException) ex.getCause();
		}
	}

	/** Stands for a store that refuses writes with a token below the last one it saw. */
	static class Ledger {

		long lastToken;

		void write(long goodsId, long fencingToken) {
			if (fencingToken < this.lastToken) {
				throw new IllegalStateException("stale write");
			}
			this.lastToken = fencingToken;
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class Application {

	}

}
