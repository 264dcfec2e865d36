package io.github.distlock.interceptor;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.ReflectionHints;
import org.springframework.beans.factory.aot.BeanRegistrationAotContribution;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.beans.factory.support.RegisteredBean;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Tells a native image what the {@code @DistributedLock} methods of a bean reach by reflection,
 * besides the methods themselves ({@code @DistributedLock} is {@code @Reflective} for those):
 * the {@code fallback} methods, which {@link FallbackMethod} invokes, and the properties of the
 * arguments a key expression reads ({@code #order.id}), as Spring's {@code @MessageMapping}
 * registers its arguments for binding. Declarations are read by a {@link LockOperationSource},
 * as at start-up, so the fallback hinted is the one called.
 *
 * <p>A key that calls a bean ({@code @prices.key(#id)}) or a method that is not a property
 * accessor of an argument needs the application's own hint.
 */
final class LockReflectionBeanRegistrationAotProcessor implements BeanRegistrationAotProcessor {

	private static final BindingReflectionHintsRegistrar bindingHints = new BindingReflectionHintsRegistrar();

	@Override
	public @Nullable BeanRegistrationAotContribution processAheadOfTime(RegisteredBean registeredBean) {
		Class<?> beanClass = registeredBean.getBeanClass();
		LockOperationSource source = new LockOperationSource(registeredBean.getBeanFactory());
		List<LockOperation> operations = new ArrayList<>();
		ReflectionUtils.doWithMethods(ClassUtils.getUserClass(beanClass), (method) -> {
			LockOperation operation = source.getOperation(method, beanClass);
			if (operation != null) {
				operations.add(operation);
			}
		}, (method) -> !method.isBridge() && !method.isSynthetic());
		if (operations.isEmpty()) {
			return null;
		}
		return (generationContext, code) -> operations
			.forEach((operation) -> register(generationContext.getRuntimeHints().reflection(), operation));
	}

	private static void register(ReflectionHints hints, LockOperation operation) {
		if (operation.fallback() != null) {
			hints.registerMethod(operation.fallback().method(), ExecutableMode.INVOKE);
		}
		bindingHints.registerReflectionHints(hints, operation.key().namedParameterTypes().toArray(Class<?>[]::new));
	}

}
