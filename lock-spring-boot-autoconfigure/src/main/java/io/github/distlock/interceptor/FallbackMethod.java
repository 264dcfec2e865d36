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

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

import org.jspecify.annotations.Nullable;

import io.github.distlock.LockNotAcquiredException;

import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The method a {@code @DistributedLock} method names as its {@code fallback}: same
 * parameters, optionally followed by the {@link LockNotAcquiredException}, and a
 * compatible return type.
 *
 * @param method the fallback method
 * @param takesException whether it takes the exception as its last parameter
 */
record FallbackMethod(Method method, boolean takesException) {

	/**
	 * Finds the fallback on the target class.
	 * @throws InvalidLockDefinitionException if no method fits
	 */
	static FallbackMethod resolve(Class<?> targetClass, Method locked, String name, String methodName) {
		Class<?>[] parameters = locked.getParameterTypes();
		Class<?>[] withException = Arrays.copyOf(parameters, parameters.length + 1);
		withException[parameters.length] = LockNotAcquiredException.class;
		for (Method candidate : ReflectionUtils.getUniqueDeclaredMethods(targetClass)) {
			if (candidate.getName().equals(name) && returnsCompatibly(locked, candidate)) {
				if (Arrays.equals(candidate.getParameterTypes(), parameters)) {
					return accessible(candidate, false);
				}
				if (acceptsWithException(candidate.getParameterTypes(), withException)) {
					return accessible(candidate, true);
				}
			}
		}
		throw new InvalidLockDefinitionException(methodName,
				"fallback '" + name + "' must be a method of " + ClassUtils.getUserClass(targetClass).getSimpleName()
						+ " taking " + describe(parameters) + " or " + describe(withException) + " and returning "
						+ locked.getReturnType().getSimpleName());
	}

	/** Calls the fallback on the target with the locked method's arguments. */
	@Nullable Object invoke(Object target, @Nullable Object[] arguments, LockNotAcquiredException cause) throws Throwable {
		Object[] actual = arguments;
		if (this.takesException) {
			actual = Arrays.copyOf(arguments, arguments.length + 1);
			actual[arguments.length] = cause;
		}
		try {
			return this.method.invoke(target, actual);
		}
		catch (InvocationTargetException ex) {
			throw ex.getTargetException();
		}
	}

	private static boolean returnsCompatibly(Method locked, Method candidate) {
		return ClassUtils.isAssignable(locked.getReturnType(), candidate.getReturnType());
	}

	private static boolean acceptsWithException(Class<?>[] candidate, Class<?>[] withException) {
		if (candidate.length != withException.length) {
			return false;
		}
		for (int i = 0; i < candidate.length - 1; i++) {
			if (candidate[i] != withException[i]) {
				return false;
			}
		}
		return candidate[candidate.length - 1].isAssignableFrom(LockNotAcquiredException.class);
	}

	private static FallbackMethod accessible(Method method, boolean takesException) {
		ReflectionUtils.makeAccessible(method);
		return new FallbackMethod(method, takesException);
	}

	private static String describe(Class<?>[] types) {
		return "(" + String.join(", ", Arrays.stream(types).map(Class::getSimpleName).toList()) + ")";
	}

}
