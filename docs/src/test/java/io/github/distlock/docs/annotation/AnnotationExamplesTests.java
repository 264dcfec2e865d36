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

package io.github.distlock.docs.annotation;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.docs.annotation.Inventory.Order;
import io.github.distlock.test.TakenLocks;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The annotation page's examples, on the in-memory store: what each caller gets while
 * another thread holds good 42's lock.
 */
@SpringBootTest(properties = "distlock.store=in-memory")
class AnnotationExamplesTests {

	/**
	 * A thread of its own per call: a pooled thread may still hold a lock of an earlier
	 * call, and re-enter it.
	 */
	private static final Executor NEW_THREAD = (task) -> new Thread(task).start();

	@Autowired
	private Inventory inventory;

	@Autowired
	private TakenLocks takenLocks;

	private CompletableFuture<String> holder;

	private final CountDownLatch holderLeaves = new CountDownLatch(1);

	@BeforeEach
	void holdGood42OnAnotherThread() throws InterruptedException {
		Inventory.entered = new CountDownLatch(1);
		Inventory.leave = this.holderLeaves;
		this.holder = CompletableFuture.supplyAsync(() -> this.inventory.reserve(new Order(42)), NEW_THREAD);
		assertThat(Inventory.entered.await(10, TimeUnit.SECONDS)).isTrue();
		Inventory.entered = new CountDownLatch(0);
		Inventory.leave = new CountDownLatch(0);
		this.takenLocks.clear();
	}

	@AfterEach
	void release() throws Exception {
		this.holderLeaves.countDown();
		assertThat(this.holder.get(10, TimeUnit.SECONDS)).isEqualTo("reserved 42");
	}

	@Test
	void aKeyReadsAPropertyOfAnArgument() {
		assertThatExceptionOfType(LockNotAcquiredException.class)
			.isThrownBy(() -> onAnotherThread(() -> this.inventory.reserve(new Order(42))))
			.withMessageContaining("'goods:42'");
		assertThat(this.inventory.reserve(new Order(43))).isEqualTo("reserved 43");
		assertThat(this.takenLocks.keys()).containsExactly("goods:43");
	}

	@Test
	void aFallbackRunsWhenTheLockIsBusy() throws Exception {
		assertThat(onAnotherThread(() -> this.inventory.count(42))).isEqualTo("busy, counted later: 42");
		assertThat(onAnotherThread(() -> this.inventory.count(43))).isEqualTo("counted 43");
	}

	@Test
	void skipReturnsAnEmptyValueWhenTheLockIsBusy() throws Exception {
		assertThat(onAnotherThread(() -> this.inventory.refresh(42))).isEmpty();
		assertThat(onAnotherThread(() -> this.inventory.refresh(43))).contains("refreshed 43");
	}

	@Test
	void aCollectionKeyLocksEveryElementInOrder() {
		this.inventory.move(List.of(8L, 7L));
		assertThat(this.takenLocks.keys()).containsExactly("goods:7", "goods:8");
		assertThatExceptionOfType(LockNotAcquiredException.class).isThrownBy(() -> onAnotherThread(() -> {
			this.inventory.move(List.of(7L, 42L));
			return null;
		}));
	}

	@Test
	void lockAssertFailsOutsideTheLock() {
		assertThatIllegalStateException().isThrownBy(() -> this.inventory.restock(7))
			.withMessageContaining("'goods:7'");
	}

	private static <T> T onAnotherThread(Supplier<T> call) throws Exception {
		try {
			return CompletableFuture.supplyAsync(call, NEW_THREAD).get(10, TimeUnit.SECONDS);
		}
		catch (ExecutionException ex) {
			throw (RuntimeException) ex.getCause();
		}
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Inventory.class)
	static class Application {

	}

}
