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
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockTemplate;
import io.github.distlock.WhenBusy;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.beans.factory.config.EmbeddedValueResolver;
import org.springframework.core.KotlinDetector;
import org.springframework.core.MethodParameter;
import org.springframework.core.MethodClassKey;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;
import org.springframework.util.ReflectionUtils.MethodFilter;
import org.springframework.util.StringValueResolver;

/**
 * Finds and parses {@code @DistributedLock} declarations, once per method and target
 * class, as Spring's cache support finds {@code @Cacheable}: classes that cannot carry
 * the annotation are passed over before any method is looked at
 * ({@link #isCandidateClass}), {@code Object}'s methods are never looked at, and a method
 * found without a declaration while beans are proxied is not remembered, so proxying
 * every bean of an application does not fill a cache for ever. The first lookup for a
 * class checks every annotated method of it, so a wrong declaration fails start-up when
 * the bean is proxied rather than on its first call.
 *
 * @since 0.1.0
 */
public final class LockOperationSource {

	private static final boolean reactorPresent = ClassUtils.isPresent("reactor.core.publisher.Mono",
			LockOperationSource.class.getClassLoader());

	/**
	 * What Spring AOP needs to run a suspend function as a {@code Mono}, as it does for
	 * {@code @Transactional}.
	 */
	private static final boolean coroutinesReactorPresent = ClassUtils.isPresent("kotlinx.coroutines.reactor.MonoKt",
			LockOperationSource.class.getClassLoader());

	/** The methods that may carry a declaration: {@code Object}'s are never looked at. */
	private static final MethodFilter DECLARABLE = (method) -> !method.isBridge() && !method.isSynthetic()
			&& !ReflectionUtils.isObjectMethod(method);

	/** What a method without a declaration maps to, once it was called. */
	private static final Optional<LockOperation> NO_OPERATION = Optional.empty();

	private final Map<MethodClassKey, Optional<LockOperation>> operations = new ConcurrentHashMap<>();

	private final Set<Class<?>> checkedClasses = ConcurrentHashMap.newKeySet();

	private final @Nullable BeanFactory beanFactory;

	private final @Nullable StringValueResolver valueResolver;

	/**
	 * Creates a source whose key expressions can refer to beans ({@code @name}) and whose
	 * duration strings can hold placeholders ({@code ${jobs.lease:30s}}).
	 * @param beanFactory the bean factory for {@code @bean} references and placeholders,
	 * or {@code null}
	 */
	public LockOperationSource(@Nullable BeanFactory beanFactory) {
		this.beanFactory = beanFactory;
		this.valueResolver = (beanFactory instanceof ConfigurableBeanFactory configurable)
				? new EmbeddedValueResolver(configurable) : null;
	}

	/**
	 * Returns the annotated methods checked so far.
	 * @return the methods, as {@code SimpleClassName.method(ParameterTypes)}
	 */
	public List<String> operationMethods() {
		return this.operations.values()
			.stream()
			.flatMap(Optional::stream)
			.map(LockOperation::methodName)
			.sorted()
			.toList();
	}

	/**
	 * Returns whether methods of the class may carry {@code @DistributedLock}: not the
	 * JDK's classes, nor a lock template's own.
	 * @param targetClass the class of a bean's target
	 * @return {@code false} when no method of it needs to be looked at
	 */
	boolean isCandidateClass(Class<?> targetClass) {
		return !LockTemplate.class.isAssignableFrom(targetClass)
				&& AnnotationUtils.isCandidateClass(targetClass, DistributedLock.class);
	}

	/**
	 * Returns the lock operation of a method called through a proxy, remembering a method
	 * without one as well.
	 * @param method the invoked method, maybe an interface method
	 * @param targetClass the class of the bean's target
	 * @return the operation, or {@code null} when the method is not annotated
	 * @throws InvalidLockDefinitionException if a method of the class is declared wrongly
	 */
	@Nullable LockOperation getOperation(Method method, Class<?> targetClass) {
		return getOperation(method, targetClass, true);
	}

	/**
	 * Returns whether a method has a lock operation, as a proxy is made: a method without
	 * one is not remembered.
	 * @param method the method, maybe an interface method
	 * @param targetClass the class of the bean's target
	 * @return whether the method is annotated
	 * @throws InvalidLockDefinitionException if a method of the class is declared wrongly
	 */
	boolean hasOperation(Method method, Class<?> targetClass) {
		return getOperation(method, targetClass, false) != null;
	}

	/**
	 * Returns the annotated methods of a class, checking each declaration, for a bean
	 * that is not made at start-up ({@code @Lazy}).
	 * @param targetClass the class of a bean
	 * @return the annotated methods, as {@code SimpleClassName.method(ParameterTypes)}
	 * @throws InvalidLockDefinitionException if a method of the class is declared wrongly
	 */
	public List<String> operationMethodsOf(Class<?> targetClass) {
		return operationsOf(targetClass).stream().map(LockOperation::methodName).sorted().toList();
	}

	/**
	 * Returns the lock operations of every method of a class, remembering none of the
	 * others.
	 */
	List<LockOperation> operationsOf(Class<?> targetClass) {
		if (!isCandidateClass(targetClass)) {
			return List.of();
		}
		List<LockOperation> found = new ArrayList<>();
		ReflectionUtils.doWithMethods(ClassUtils.getUserClass(targetClass), (method) -> {
			LockOperation operation = getOperation(method, targetClass, false);
			if (operation != null) {
				found.add(operation);
			}
		}, DECLARABLE);
		return found;
	}

	/** How many methods' answers are remembered, with or without an operation. */
	int rememberedMethodCount() {
		return this.operations.size();
	}

	private @Nullable LockOperation getOperation(Method method, Class<?> targetClass, boolean rememberNone) {
		if (ReflectionUtils.isObjectMethod(method)) {
			return null;
		}
		checkAllMethods(targetClass);
		MethodClassKey cacheKey = new MethodClassKey(method, targetClass);
		Optional<LockOperation> cached = this.operations.get(cacheKey);
		if (cached != null) {
			return cached.orElse(null);
		}
		LockOperation operation = parse(method, targetClass);
		if (operation != null || rememberNone) {
			this.operations.put(cacheKey, (operation != null) ? Optional.of(operation) : NO_OPERATION);
		}
		return operation;
	}

	/**
	 * Checks every declaration of a class once it is first looked at. A class counts as
	 * checked only once its check passed, so that a second thread proxying it meanwhile
	 * checks it too rather than pass over a wrong declaration.
	 */
	private void checkAllMethods(Class<?> targetClass) {
		if (!this.checkedClasses.contains(targetClass)) {
			ReflectionUtils.doWithMethods(ClassUtils.getUserClass(targetClass), (method) -> {
				LockOperation operation = parse(method, targetClass);
				if (operation != null) {
					this.operations.put(new MethodClassKey(method, targetClass), Optional.of(operation));
				}
			}, DECLARABLE);
			this.checkedClasses.add(targetClass);
		}
	}

	private @Nullable LockOperation parse(Method method, Class<?> targetClass) {
		Method specific = AopUtils.getMostSpecificMethod(method, targetClass);
		DistributedLock annotation = AnnotatedElementUtils.findMergedAnnotation(specific, DistributedLock.class);
		if (annotation == null) {
			return null;
		}
		String methodName = MethodNames.describe(targetClass, specific);
		rejectIfProxiesCannotIntercept(specific, methodName);
		String name = annotation.name().isEmpty()
				? ClassUtils.getUserClass(targetClass).getSimpleName() + "." + specific.getName() : annotation.name();
		LockKeyExpression key = LockKeyExpression.parse(annotation.key(), specific, methodName, this.beanFactory);
		DeclaredDurations durations = DeclaredDurations.read(annotation, this.valueResolver, methodName);
		FallbackMethod fallback = annotation.fallback().isEmpty() ? null
				: FallbackMethod.resolve(targetClass, specific, annotation.fallback(), methodName);
		if (annotation.whenBusy() == WhenBusy.SKIP) {
			rejectIfCannotSkip(specific, fallback, methodName);
		}
		return new LockOperation(methodName, name, key, durations.lease(), durations.maxWait(), durations.holdAtLeast(),
				annotation.whenBusy(), fallback, completion(specific, fallback, methodName));
	}

	/**
	 * A skipped call returns an empty value, which neither a fallback, a primitive return
	 * type nor a Kotlin return type that is not nullable allows.
	 */
	private static void rejectIfCannotSkip(Method method, @Nullable FallbackMethod fallback, String methodName) {
		if (fallback != null) {
			throw new InvalidLockDefinitionException(methodName, "whenBusy = SKIP and a fallback cannot both be set: "
					+ "SKIP returns an empty value when the lock is busy, a fallback returns its own");
		}
		Class<?> returnType = method.getReturnType();
		if (returnType.isPrimitive() && returnType != void.class) {
			throw new InvalidLockDefinitionException(methodName,
					"whenBusy = SKIP needs a return type with an empty "
							+ "value (void, an object, Optional, CompletionStage, Mono or Flux), and "
							+ returnType.getName() + " has none; return its wrapper type, or name a fallback instead");
		}
		if (KotlinDetector.isKotlinReflectPresent() && KotlinDetector.isKotlinType(method.getDeclaringClass())) {
			MethodParameter result = new MethodParameter(method, -1);
			String type = result.getParameterType().getName();
			if (!result.isOptional() && !type.equals("void") && !type.equals("kotlin.Unit")) {
				throw new InvalidLockDefinitionException(methodName,
						"whenBusy = SKIP returns null when the lock is " + "busy, and the Kotlin return type "
								+ result.getParameterType().getSimpleName() + " is not nullable; declare it nullable ("
								+ result.getParameterType().getSimpleName() + "?)");
			}
		}
	}

	/**
	 * A private, static or final method is never called through the proxy (a class-based
	 * proxy cannot override it), so its lock would silently not be taken.
	 */
	private static void rejectIfProxiesCannotIntercept(Method method, String methodName) {
		int modifiers = method.getModifiers();
		String kind = Modifier.isPrivate(modifiers) ? "private"
				: Modifier.isStatic(modifiers) ? "static" : Modifier.isFinal(modifiers) ? "final" : null;
		if (kind != null) {
			throw new InvalidLockDefinitionException(methodName,
					"the method is " + kind
							+ ", so calls to it never pass through the Spring proxy that takes the lock; make it "
							+ "non-private, non-static and non-final, and call it from another bean");
		}
	}

	private static LockOperation.Completion completion(Method method, @Nullable FallbackMethod fallback,
			String methodName) {
		if (KotlinDetector.isSuspendingFunction(method)) {
			return coroutine(method, fallback, methodName);
		}
		Class<?> returnType = method.getReturnType();
		if (CompletionStage.class.isAssignableFrom(returnType)) {
			return LockOperation.Completion.COMPLETION_STAGE;
		}
		if (reactorPresent && ReactorLocking.supports(returnType)) {
			return LockOperation.Completion.REACTIVE;
		}
		if (ReactiveAdapterRegistry.getSharedInstance().getAdapter(returnType) != null) {
			throw new InvalidLockDefinitionException(methodName, "return type " + returnType.getName()
					+ " completes later, and only CompletionStage, Mono and Flux are held until they complete");
		}
		return LockOperation.Completion.ON_RETURN;
	}

	/**
	 * A suspend function holds its lock until its coroutine completes, or is refused.
	 * Spring AOP hands it to the interceptor as a {@code Mono}, or a {@code Flux} when it
	 * returns a {@code Flow}.
	 */
	private static LockOperation.Completion coroutine(Method method, @Nullable FallbackMethod fallback,
			String methodName) {
		if (!coroutinesReactorPresent || !KotlinDetector.isKotlinReflectPresent()) {
			throw new InvalidLockDefinitionException(methodName,
					"a suspend function holds its lock until its "
							+ "coroutine completes, which needs org.jetbrains.kotlinx:kotlinx-coroutines-reactor and "
							+ "org.jetbrains.kotlin:kotlin-reflect on the class path (as @Transactional on a suspend "
							+ "function does); add them, or make the function blocking");
		}
		if (fallback != null) {
			throw new InvalidLockDefinitionException(methodName, "a suspend function cannot name a fallback; use "
					+ "whenBusy = SKIP, or catch LockNotAcquiredException where you call it");
		}
		boolean returnsFlow = "kotlinx.coroutines.flow.Flow"
			.equals(new MethodParameter(method, -1).getParameterType().getName());
		return returnsFlow ? LockOperation.Completion.REACTIVE : LockOperation.Completion.COROUTINE;
	}

}
