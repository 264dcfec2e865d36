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

import org.aopalliance.aop.Advice;

import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractPointcutAdvisor;

/**
 * Applies the {@link DistributedLockInterceptor} to {@code @DistributedLock} methods. Its
 * order should be smaller than the transaction advisor's, so the lock wraps the
 * transaction.
 *
 * @since 0.1.0
 */
public final class DistributedLockAdvisor extends AbstractPointcutAdvisor {

	private final Pointcut pointcut;

	private final DistributedLockInterceptor interceptor;

	/**
	 * Creates an advisor.
	 * @param operationSource where lock declarations come from
	 * @param interceptor the interceptor to apply
	 * @param order the advisor's order
	 */
	public DistributedLockAdvisor(LockOperationSource operationSource, DistributedLockInterceptor interceptor,
			int order) {
		this.pointcut = new LockOperationPointcut(operationSource);
		this.interceptor = interceptor;
		setOrder(order);
	}

	@Override
	public Pointcut getPointcut() {
		return this.pointcut;
	}

	@Override
	public Advice getAdvice() {
		return this.interceptor;
	}

}
