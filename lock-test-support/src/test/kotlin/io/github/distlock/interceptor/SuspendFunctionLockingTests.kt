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

package io.github.distlock.interceptor

import io.github.distlock.DistributedLock
import io.github.distlock.LockHandle
import io.github.distlock.LockNotAcquiredException
import io.github.distlock.WhenBusy
import io.github.distlock.core.DefaultLockTemplate
import io.github.distlock.core.WatchdogSettings
import io.github.distlock.memory.InMemoryLocker
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flowOf
import kotlinx.coroutines.flow.onEach
import kotlinx.coroutines.flow.toList
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatExceptionOfType
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import java.time.Duration
import java.util.concurrent.Callable
import java.util.concurrent.CancellationException
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * Kotlin `suspend` functions hold their lock until the coroutine completes, fails or is
 * cancelled, not only until its first suspension point.
 */
@Timeout(60)
class SuspendFunctionLockingTests {

	private val template = DefaultLockTemplate(InMemoryLocker(), WatchdogSettings.watchdogLease(Duration.ofSeconds(30)))

	private val target = Reports()

	private val reports: Reports = LockProxies.proxy(target, true, template, Duration.ZERO)

	init {
		target.template = template
	}

	private val otherThread = Executors.newSingleThreadExecutor()

	@AfterEach
	fun tearDown() {
		otherThread.shutdownNow()
		template.close()
	}

	@Test
	fun `lock is held across suspension points until the coroutine completes`(): Unit = runBlocking {
		val sent = async { reports.send(42) }
		target.suspended.await()
		assertThat(anotherHolderCanTake("reports:42", Duration.ZERO)).isFalse()
		target.resume.complete(Unit)
		assertThat(sent.await()).isEqualTo("sent 42")
		assertThat(anotherHolderCanTake("reports:42", Duration.ZERO)).isTrue()
	}

	@Test
	fun `waiting for the lock does not block the coroutine's thread`(): Unit = runBlocking {
		val holder = heldByAnotherThread("reports:waiting")
		val waiting = async { reports.waiting() }
		// runBlocking has one thread: had the wait blocked it, this would run only once the wait was over.
		val sibling = async { "ran while waiting" }
		assertThat(sibling.await()).isEqualTo("ran while waiting")
		assertThat(waiting.isCompleted).isFalse()
		otherThread.submit { holder.close() }.get(10, TimeUnit.SECONDS)
		assertThat(waiting.await()).isEqualTo("waited")
	}

	@Test
	fun `a suspend function returning a Flow holds the lock until the flow completes`(): Unit = runBlocking {
		val values = reports.numbers().toList()
		assertThat(values).containsExactly(1, 2, 3)
		assertThat(target.heldAtEachValue).containsExactly(true, true, true)
		assertThat(anotherHolderCanTake("reports:numbers", Duration.ZERO)).isTrue()
	}

	@Test
	fun `lock is released when the coroutine fails or is cancelled`(): Unit = runBlocking {
		val failing = async { runCatching { reports.send(-1) } }
		target.suspended.await()
		target.resume.complete(Unit)
		assertThat(failing.await().exceptionOrNull()).hasMessage("no report for -1")
		assertThat(anotherHolderCanTake("reports:-1", Duration.ZERO)).isTrue()

		target.reset()
		val cancelled = async { reports.send(7) }
		target.suspended.await()
		cancelled.cancel()
		assertThatExceptionOfType(CancellationException::class.java).isThrownBy { runBlocking { cancelled.await() } }
		assertThat(anotherHolderCanTake("reports:7", Duration.ofSeconds(10))).isTrue()
	}

	@Test
	fun `busy lock throws into the coroutine, or skips the function`(): Unit = runBlocking {
		heldByAnotherThread("reports:5").use {
			assertThatExceptionOfType(LockNotAcquiredException::class.java)
				.isThrownBy { runBlocking { reports.send(5) } }
				.withMessageContaining("'reports:5'")
		}
		heldByAnotherThread("reports:daily").use {
			assertThat(reports.daily()).isNull()
		}
		assertThat(target.runs).isZero()
	}

	@Test
	fun `skipping a suspend function whose result is not nullable fails start-up`() {
		assertThatExceptionOfType(InvalidLockDefinitionException::class.java)
			.isThrownBy { LockOperationSource(null).getOperation(SkipNotNull::class.java.declaredMethods.first { it.name == "count" }, SkipNotNull::class.java) }
			.withMessageContaining("whenBusy = SKIP returns null when the lock is busy, and the Kotlin return type Integer is not nullable")
	}

	@Test
	fun `a suspend function naming a fallback, or a final Kotlin function, fails start-up`() {
		assertThatExceptionOfType(InvalidLockDefinitionException::class.java)
			.isThrownBy { LockOperationSource(null).getOperation(WithFallback::class.java.declaredMethods.first { it.name == "run" }, WithFallback::class.java) }
			.withMessageContaining("@DistributedLock on WithFallback.run(Continuation): a suspend function cannot name a fallback")
		assertThatExceptionOfType(InvalidLockDefinitionException::class.java)
			.isThrownBy { LockOperationSource(null).getOperation(NotOpen::class.java.getMethod("run"), NotOpen::class.java) }
			.withMessageContaining("the method is final")
	}

	/** The test's thread, with a handle of its own: the coroutine's holding is not re-entrant for anyone. */
	private fun anotherHolderCanTake(key: String, wait: Duration): Boolean =
		template.tryAcquire(key, null, wait).map { it.close(); true }.orElse(false)

	private fun heldByAnotherThread(key: String): LockHandle =
		otherThread.submit(Callable { template.tryAcquire(key, null, Duration.ZERO).orElseThrow() }).get(10, TimeUnit.SECONDS)

	open class SkipNotNull {

		@DistributedLock(key = "'k'", whenBusy = WhenBusy.SKIP)
		open suspend fun count(): Int = 1

	}

	open class WithFallback {

		@DistributedLock(key = "'k'", fallback = "busy")
		open suspend fun run() {
		}

		open suspend fun busy() {
		}

	}

	/** Kotlin classes and functions are final unless opened (by the kotlin-spring plugin, for instance). */
	class NotOpen {

		@DistributedLock(key = "'k'")
		fun run() {
		}

	}

	open class Reports {

		var suspended = CompletableDeferred<Unit>()

		var resume = CompletableDeferred<Unit>()

		@Volatile
		var runs = 0

		fun reset() {
			suspended = CompletableDeferred()
			resume = CompletableDeferred()
		}

		@DistributedLock(name = "reports", key = "#id")
		open suspend fun send(id: Long): String {
			runs++
			suspended.complete(Unit)
			resume.await()
			require(id >= 0) { "no report for $id" }
			return "sent $id"
		}

		@DistributedLock(name = "reports", key = "'daily'", whenBusy = WhenBusy.SKIP)
		open suspend fun daily(): String? {
			runs++
			return "daily"
		}

		@DistributedLock(name = "reports", key = "'waiting'", waitMs = 30_000)
		open suspend fun waiting(): String = "waited"

		val heldAtEachValue = mutableListOf<Boolean>()

		lateinit var template: DefaultLockTemplate

		@DistributedLock(name = "reports", key = "'numbers'")
		open suspend fun numbers(): Flow<Int> = flowOf(1, 2, 3).onEach {
			heldAtEachValue.add(withContext(Dispatchers.IO) { template.tryAcquire("reports:numbers", null, Duration.ZERO).isEmpty })
		}

	}

}
