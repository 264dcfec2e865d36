package io.github.distlock.interceptor;

import java.lang.reflect.Method;

import org.springframework.aop.support.StaticMethodMatcherPointcut;

/**
 * Matches methods with a {@code @DistributedLock} declaration (on the class, an interface or a
 * superclass).
 */
final class LockOperationPointcut extends StaticMethodMatcherPointcut {

	private final LockOperationSource operationSource;

	LockOperationPointcut(LockOperationSource operationSource) {
		this.operationSource = operationSource;
	}

	@Override
	public boolean matches(Method method, Class<?> targetClass) {
		return this.operationSource.getOperation(method, targetClass) != null;
	}

}
