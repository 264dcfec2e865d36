package io.github.distlock.interceptor;

import java.time.Duration;

import io.github.distlock.LockTemplate;

import org.springframework.aop.framework.ProxyFactory;

/**
 * Builds {@code @DistributedLock} proxies the way the auto-configuration does, with a bare
 * {@link ProxyFactory}.
 */
final class LockProxies {

	private LockProxies() {
	}

	/**
	 * Proxies the target with the lock advisor.
	 * @param proxyTargetClass {@code true} for a class-based proxy, {@code false} for one of the
	 * target's interfaces
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
