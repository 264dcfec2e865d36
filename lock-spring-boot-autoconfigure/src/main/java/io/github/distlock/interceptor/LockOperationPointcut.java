package io.github.distlock.interceptor;

import java.lang.reflect.Method;

import org.springframework.aop.support.StaticMethodMatcherPointcut;

/**
 * Matches methods with a {@code @DistributedLock} declaration (on the class, an interface or a
 * superclass), after passing over the classes that cannot have one, as Spring's
 * {@code CacheOperationSourcePointcut} does.
 */
final class LockOperationPointcut extends StaticMethodMatcherPointcut {

	private final LockOperationSource operationSource;

	LockOperationPointcut(LockOperationSource operationSource) {
		this.operationSource = operationSource;
		setClassFilter(operationSource::isCandidateClass);
	}

	@Override
	public boolean matches(Method method, Class<?> targetClass) {
		return this.operationSource.hasOperation(method, targetClass);
	}

}
