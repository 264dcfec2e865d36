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

package io.github.distlock.interceptor;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import io.github.distlock.LockContext;
import io.github.distlock.LockHandle;
import io.github.distlock.LockNotAcquiredException;
import io.github.distlock.LockTemplate;
import io.github.distlock.WhenBusy;

import org.springframework.aop.ProxyMethodInvocation;
import org.springframework.aop.support.AopUtils;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * Runs {@code @DistributedLock} methods under their lock: evaluates the key, takes the
 * lock (or, when it stays busy, skips the call, calls the fallback or throws), runs the
 * method with the lock in {@link LockContext}, and releases the lock when the method's
 * work is done (or, with a minimum hold, when that is over).
 *
 * @since 0.1.0
 */
public final class DistributedLockInterceptor implements MethodInterceptor {

	private static final Log logger = LogFactory.getLog(DistributedLockInterceptor.class);

	/**
	 * Releases the locks of methods returning a {@code CompletionStage}. The thread that
	 * completes the stage may be an I/O event loop (the Redis client's own, even), which
	 * a blocking release would stall; idle threads end after a minute.
	 */
	private static final Executor asyncReleases = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
			new SynchronousQueue<>(), daemonThreads("distlock-release-"));

	private final LockOperationSource operationSource;

	private final LockAcquirer acquirer;

	/**
	 * Creates an interceptor.
	 * @param operationSource where lock declarations come from
	 * @param lockTemplate supplies the lock template, looked up on first use
	 * @param defaultWait the wait of methods whose {@code waitMs} is {@code -1}
	 */
	public DistributedLockInterceptor(LockOperationSource operationSource, Supplier<LockTemplate> lockTemplate,
			Duration defaultWait) {
		this.operationSource = operationSource;
		this.acquirer = new LockAcquirer(lockTemplate, defaultWait);
	}

	@Override
	public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
		Object target = invocation.getThis();
		if (target == null) {
			return invocation.proceed();
		}
		LockOperation operation = this.operationSource.getOperation(invocation.getMethod(),
				AopUtils.getTargetClass(target));
		if (operation == null) {
			return invocation.proceed();
		}
		List<String> keys = operation.key().evaluate(target, invocation.getArguments());
		if (operation.completion() == LockOperation.Completion.REACTIVE
				|| operation.completion() == LockOperation.Completion.COROUTINE) {
			return invokeHoldingWhileSubscribed(invocation, operation, keys);
		}
		LockHandle handle;
		try {
			handle = this.acquirer.acquire(operation, keys);
		}
		catch (LockNotAcquiredException ex) {
			return whenBusy(invocation, operation, ex);
		}
		return (operation.completion() == LockOperation.Completion.COMPLETION_STAGE)
				? invokeHoldingUntilComplete(invocation, handle) : invokeHoldingUntilReturn(invocation, handle);
	}

	private @Nullable Object invokeHoldingUntilReturn(MethodInvocation invocation, LockHandle handle) throws Throwable {
		try (LockContext.Scope scope = LockContext.bind(handle)) {
			return invocation.proceed();
		}
		finally {
			TransactionAwareRelease.release(handle);
		}
	}

	private @Nullable Object invokeHoldingUntilComplete(MethodInvocation invocation, LockHandle handle)
			throws Throwable {
		Object result;
		try (LockContext.Scope scope = LockContext.bind(handle)) {
			result = invocation.proceed();
		}
		catch (Throwable ex) {
			handle.close();
			throw ex;
		}
		if (result == null) {
			handle.close();
			return null;
		}
		// The work goes on elsewhere: this thread must not re-enter the lock meanwhile.
		detached(handle);
		return ((CompletionStage<?>) result).whenCompleteAsync((value, error) -> handle.close(), asyncReleases);
	}

	/** Each subscription runs its own copy of the invocation, under its own holding. */
	private Object invokeHoldingWhileSubscribed(MethodInvocation invocation, LockOperation operation,
			List<String> keys) {
		if (!(invocation instanceof ProxyMethodInvocation proxyInvocation)) {
			throw new IllegalStateException(
					"Cannot defer " + operation.methodName() + " until subscription: " + invocation);
		}
		boolean replacedWhenBusy = operation.fallback() != null || operation.whenBusy() == WhenBusy.SKIP;
		// Spring AOP awaits a suspend function's Mono in its coroutine.
		boolean mono = operation.completion() == LockOperation.Completion.COROUTINE
				|| ReactorLocking.isMono(invocation.getMethod().getReturnType());
		return ReactorLocking.lockWhileSubscribed(mono, () -> detached(this.acquirer.acquire(operation, keys)),
				(handle) -> proceedHolding(proxyInvocation.invocableClone(), handle, operation),
				replacedWhenBusy ? (ex) -> whenBusyReactive(invocation, operation, ex) : null);
	}

	private static CustomizableThreadFactory daemonThreads(String prefix) {
		CustomizableThreadFactory threads = new CustomizableThreadFactory(prefix);
		threads.setDaemon(true);
		return threads;
	}

	/**
	 * A lock taken on a pooled thread must not be re-entered by that thread's next task.
	 */
	private static LockHandle detached(LockHandle handle) {
		handle.detachFromThread();
		return handle;
	}

	private static @Nullable Object proceedHolding(MethodInvocation invocation, LockHandle handle,
			LockOperation operation) {
		try (LockContext.Scope scope = LockContext.bind(handle)) {
			return invocation.proceed();
		}
		catch (RuntimeException | Error ex) {
			throw ex;
		}
		catch (Throwable ex) {
			throw new IllegalStateException(operation.methodName() + " failed", ex);
		}
	}

	/** Skips the call, calls the fallback or throws, as the operation says. */
	@SuppressWarnings("NullAway") // the target of a proxied bean method is the bean
	private @Nullable Object whenBusy(MethodInvocation invocation, LockOperation operation, LockNotAcquiredException ex)
			throws Throwable {
		if (operation.whenBusy() == WhenBusy.SKIP) {
			return skipped(invocation.getMethod().getReturnType(), operation, ex);
		}
		if (operation.fallback() == null) {
			throw ex;
		}
		return operation.fallback().invoke(invocation.getThis(), invocation.getArguments(), ex);
	}

	/**
	 * The empty value of a skipped call: for a {@code Mono} or {@code Flux}, {@code null}
	 * stands for empty.
	 */
	private static @Nullable Object skipped(Class<?> returnType, LockOperation operation, LockNotAcquiredException ex) {
		if (logger.isDebugEnabled()) {
			logger.debug("Skipped " + operation.methodName() + ": " + ex.getMessage());
		}
		if (returnType == Optional.class) {
			return Optional.empty();
		}
		return (operation.completion() == LockOperation.Completion.COMPLETION_STAGE)
				? CompletableFuture.completedFuture(null) : null;
	}

	private @Nullable Object whenBusyReactive(MethodInvocation invocation, LockOperation operation,
			LockNotAcquiredException ex) {
		try {
			return whenBusy(invocation, operation, ex);
		}
		catch (RuntimeException | Error failure) {
			throw failure;
		}
		catch (Throwable failure) {
			throw new IllegalStateException("Fallback of " + operation.methodName() + " failed", failure);
		}
	}

}
