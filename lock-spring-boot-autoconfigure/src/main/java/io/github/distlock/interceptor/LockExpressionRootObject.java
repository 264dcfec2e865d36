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

import java.lang.reflect.Method;

import org.jspecify.annotations.Nullable;

import org.springframework.aop.support.AopUtils;

/**
 * What {@code #root} is in a {@code @DistributedLock} key expression, as in Spring's
 * cache expressions: {@code #root.methodName}, {@code #root.method},
 * {@code #root.target}, {@code #root.targetClass} and {@code #root.args}.
 *
 * @since 0.1.0
 */
public final class LockExpressionRootObject {

	private final Method method;

	private final Object target;

	private final @Nullable Object[] args;

	LockExpressionRootObject(Method method, Object target, @Nullable Object[] args) {
		this.method = method;
		this.target = target;
		this.args = args;
	}

	/**
	 * Returns the annotated method.
	 * @return the method
	 */
	public Method getMethod() {
		return this.method;
	}

	/**
	 * Returns the annotated method's name.
	 * @return the name
	 */
	public String getMethodName() {
		return this.method.getName();
	}

	/**
	 * Returns the bean whose method is called (its target, behind the proxy).
	 * @return the target
	 */
	public Object getTarget() {
		return this.target;
	}

	/**
	 * Returns the class of the target.
	 * @return the target's class
	 */
	public Class<?> getTargetClass() {
		return AopUtils.getTargetClass(this.target);
	}

	/**
	 * Returns the call's arguments.
	 * @return the arguments
	 */
	public @Nullable Object[] getArgs() {
		return this.args;
	}

}
