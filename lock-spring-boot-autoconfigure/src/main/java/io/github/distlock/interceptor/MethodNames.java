package io.github.distlock.interceptor;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;

import org.springframework.util.ClassUtils;

/**
 * How messages name a method: {@code InventoryService.decrement(Long)}.
 */
final class MethodNames {

	private MethodNames() {
	}

	static String describe(Class<?> targetClass, Method method) {
		return ClassUtils.getUserClass(targetClass).getSimpleName() + "." + method.getName()
				+ Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName).collect(Collectors.joining(", ", "(", ")"));
	}

}
