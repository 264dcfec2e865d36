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

package io.github.distlock.test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockAssert;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.LockTemplate;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.redis.RedisLocker;
import io.github.distlock.store.Locker;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * An application with the Redis starter and {@code distlock.store=in-memory}, started and
 * locking with no Redis server anywhere: what a user's {@code @SpringBootTest} gets from
 * this artifact.
 */
@SpringBootTest(properties = "distlock.store=in-memory")
class InMemoryStoreApplicationTests {

	@Autowired
	private ApplicationContext context;

	@Autowired
	private Goods goods;

	@Autowired
	private LockTemplate lockTemplate;

	@Autowired
	private TakenLocks takenLocks;

	@BeforeEach
	void forgetLocksTakenBefore() {
		this.takenLocks.clear();
	}

	@Test
	void locksLiveInMemory() {
		assertThat(this.context.getBeanNamesForType(Locker.class)).containsExactly("distributedLockInMemoryLocker");
		assertThat(this.context.getBean(Locker.class)).isInstanceOf(InMemoryLocker.class);
		assertThat(this.context.getBeansOfType(RedisLocker.class)).isEmpty();
	}

	@Test
	void lockExcludesAnotherThreadUntilReleased() throws Exception {
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch leave = new CountDownLatch(1);
		ExecutorService otherThread = Executors.newSingleThreadExecutor();
		Future<?> holder = otherThread.submit(() -> this.goods.purchase(42, entered, leave));
		try {
			assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
			assertThatExceptionOfType(LockNotAcquiredException.class)
				.isThrownBy(() -> this.goods.purchase(42, new CountDownLatch(1), new CountDownLatch(0)));
			this.goods.purchase(43, new CountDownLatch(1), new CountDownLatch(0));
		}
		finally {
			leave.countDown();
		}
		holder.get(10, TimeUnit.SECONDS);
		otherThread.shutdown();
		this.goods.purchase(42, new CountDownLatch(1), new CountDownLatch(0));
	}

	@Test
	void takenLocksRecordWhatACallTook() {
		this.goods.purchase(42, new CountDownLatch(1), new CountDownLatch(0));
		assertThat(this.takenLocks.keys()).containsExactly("goods:42");
		assertThat(this.takenLocks.keys(Thread.currentThread())).containsExactly("goods:42");
	}

	@Test
	void takenLocksRecordEveryKeyOfAMultiLockAndLocksTakenWithTheTemplate() {
		this.goods.purchaseAll(List.of(2L, 1L));
		this.lockTemplate.execute("stock", null, Duration.ZERO, () -> "done");
		assertThat(this.takenLocks.keys()).containsExactly("goods:1", "goods:2", "stock");
	}

	@Test
	void takenLocksTellWhichThreadTookALock() throws Exception {
		Thread other = new Thread(() -> this.goods.purchase(7, new CountDownLatch(1), new CountDownLatch(0)));
		other.start();
		other.join(TimeUnit.SECONDS.toMillis(10));
		assertThat(this.takenLocks.keys(other)).containsExactly("goods:7");
		assertThat(this.takenLocks.keys(Thread.currentThread())).isEmpty();
	}

	@Test
	void lockAssertPassesInsideLockedMethods() {
		this.goods.purchase(42, new CountDownLatch(1), new CountDownLatch(0));
		this.goods.purchaseAll(List.of(1L, 2L));
	}

	@Test
	void lockAssertFailsOutsideLockedMethods() {
		assertThatIllegalStateException().isThrownBy(LockAssert::assertLocked).withMessageContaining("holds none");
		assertThatIllegalStateException().isThrownBy(() -> this.goods.restock(42))
			.withMessageContaining("to hold lock 'goods:42', but it holds none");
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Goods.class)
	static class Application {

	}

	/** The annotated bean: each method asserts that it runs under its lock. */
	static class Goods {

		@DistributedLock(name = "goods", key = "#goodsId")
		public void purchase(long goodsId, CountDownLatch entered, CountDownLatch leave) {
			LockAssert.assertLocked("goods:" + goodsId);
			entered.countDown();
			await(leave);
		}

		@DistributedLock(name = "goods", key = "#goodsIds")
		public void purchaseAll(List<Long> goodsIds) {
			LockAssert.assertLocked();
			goodsIds.forEach((goodsId) -> LockAssert.assertLocked("goods:" + goodsId));
		}

		/** Forgot its annotation: the assertion tells. */
		public void restock(long goodsId) {
			LockAssert.assertLocked("goods:" + goodsId);
		}

		private static void await(CountDownLatch latch) {
			try {
				if (!latch.await(10, TimeUnit.SECONDS)) {
					throw new IllegalStateException("Not told to leave within 10 s");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

	}

}
