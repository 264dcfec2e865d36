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

import io.github.distlock.LockTemplate;

import org.springframework.aop.framework.ProxyFactory;

/**
 * Builds {@code @DistributedLock} proxies the way the auto-configuration does, with a
 * bare {@link ProxyFactory}.
 */
final class LockProxies {

	private LockProxies() {
	}

	/**
	 * Proxies the target with the lock advisor.
	 * @param proxyTargetClass {@code true} for a class-based proxy, {@code false} for one
	 * of the target's interfaces
	 */
	@SuppressWarnings("unchecked")
	static <T> T proxy(Object target, boolean proxyTargetClass, LockTemplate template, Duration defaultWait) {
		LockOperationSource source = new LockOperationSource(null);
		ProxyFactory factory = new ProxyFactory(target);
		factory.setProxyTargetClass(proxyTargetClass);
		factory.addAdvisor(new DistributedLockAdvisor(source,
				new DistributedLockInterceptor(source, () -> template, defaultWait), 0));
		return (T) factory.getProxy();
	}

}
