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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.BeanUtils;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.context.expression.BeanFactoryResolver;
import org.springframework.context.expression.MethodBasedEvaluationContext;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.expression.EvaluationException;
import org.springframework.expression.Expression;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.SpelNode;
import org.springframework.expression.spel.ast.CompoundExpression;
import org.springframework.expression.spel.ast.Indexer;
import org.springframework.expression.spel.ast.MethodReference;
import org.springframework.expression.spel.ast.Projection;
import org.springframework.expression.spel.ast.PropertyOrFieldReference;
import org.springframework.expression.spel.ast.Selection;
import org.springframework.expression.spel.ast.VariableReference;
import org.springframework.expression.spel.standard.SpelExpression;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.util.ObjectUtils;

/**
 * A {@code @DistributedLock} key expression, parsed and checked once, evaluated per call
 * to the sorted, distinct keys it names.
 */
final class LockKeyExpression {

	private static final SpelExpressionParser parser = new SpelExpressionParser();

	/**
	 * What {@code #root} answers: {@link LockExpressionRootObject}'s properties and their
	 * getters.
	 */
	private static final Set<String> ROOT_MEMBERS = Arrays
		.stream(BeanUtils.getPropertyDescriptors(LockExpressionRootObject.class))
		.flatMap((property) -> {
			Method getter = property.getReadMethod();
			return (getter != null && getter.getDeclaringClass() == LockExpressionRootObject.class)
					? Stream.of(property.getName(), getter.getName()) : Stream.empty();
		})
		.collect(Collectors.toUnmodifiableSet());

	private static final ParameterNameDiscoverer parameterNames = new DefaultParameterNameDiscoverer();

	private final String source;

	private final String methodName;

	private final Method method;

	private final Expression expression;

	private final @Nullable BeanFactoryResolver beanResolver;

	private final boolean parameterNamesKnown;

	private LockKeyExpression(String source, Method method, String methodName, Expression expression,
			@Nullable BeanFactory beanFactory, boolean parameterNamesKnown) {
		this.source = source;
		this.method = method;
		this.methodName = methodName;
		this.expression = expression;
		this.beanResolver = (beanFactory != null) ? new BeanFactoryResolver(beanFactory) : null;
		this.parameterNamesKnown = parameterNamesKnown;
	}

	/**
	 * Parses the expression and checks that every variable it names is a parameter of the
	 * method.
	 * @throws InvalidLockDefinitionException if it does not parse or names something else
	 */
	static LockKeyExpression parse(String source, Method method, String methodName, @Nullable BeanFactory beanFactory) {
		if (source.isBlank()) {
			throw new InvalidLockDefinitionException(methodName,
					"key expression must not be empty. Use a SpEL expression "
							+ "over the method's arguments such as '#id' or a literal such as \"'stock'\"");
		}
		Expression expression;
		try {
			expression = parser.parseExpression(source);
		}
		catch (ParseException ex) {
			throw new InvalidLockDefinitionException(methodName,
					"key expression '" + source + "' does not parse: " + ex.getSimpleMessage());
		}
		String[] names = parameterNames.getParameterNames(method);
		checkVariables(source, methodName, expression, method.getParameterCount(), names);
		checkRootMembers(source, methodName, ((SpelExpression) expression).getAST(), true);
		return new LockKeyExpression(source, method, methodName, expression, beanFactory, names != null);
	}

	private static void checkVariables(String source, String methodName, Expression expression, int parameterCount,
			String @Nullable [] names) {
		Set<String> known = new TreeSet<>(List.of("root", "this"));
		for (int i = 0; i < parameterCount; i++) {
			known.add("p" + i);
			known.add("a" + i);
		}
		if (names != null) {
			known.addAll(List.of(names));
		}
		for (String variable : variables(((SpelExpression) expression).getAST(), new ArrayList<>())) {
			if (!known.contains(variable)) {
				throw new InvalidLockDefinitionException(methodName, "key expression '" + source + "' names '#"
						+ variable + "', which is not a parameter of the method"
						+ ((names != null) ? "; its parameters are " + String.join(", ", names) + " (or #p0, #a0, ...)"
								: "; parameter names are not available: compile with '-parameters' or use '#p0'"));
			}
		}
	}

	/**
	 * Rejects a read of {@code #root} that it cannot answer: {@code #root} is the call
	 * ({@link LockExpressionRootObject}), as in Spring's cache expressions, so a property
	 * or method read from it, written after {@code #root} or {@code #this} or with
	 * nothing before it, must be one of the call's. The elements of a selection or
	 * projection, and map keys, are not it.
	 * @param head whether the node is read from the root object if it names a property or
	 * method
	 */
	private static void checkRootMembers(String source, String methodName, SpelNode node, boolean head) {
		if (node instanceof Selection || node instanceof Projection || node instanceof Indexer) {
			return;
		}
		if (head && (node instanceof PropertyOrFieldReference || node instanceof MethodReference)) {
			String member = (node instanceof PropertyOrFieldReference property) ? property.getName()
					: ((MethodReference) node).getName();
			if (!ROOT_MEMBERS.contains(member)) {
				throw new InvalidLockDefinitionException(methodName,
						"key expression '" + source + "' reads '" + member
								+ "' from #root, which is the call (#root.methodName, #root.method, #root.target, "
								+ "#root.targetClass, #root.args), as in Spring's cache expressions, not the bean; "
								+ "read the bean's with #root.target." + member);
			}
		}
		boolean compound = node instanceof CompoundExpression;
		for (int i = 0; i < node.getChildCount(); i++) {
			boolean childHead = !compound || i == 0 || (i == 1 && isRootReference(node.getChild(0)));
			checkRootMembers(source, methodName, node.getChild(i), childHead);
		}
	}

	private static boolean isRootReference(SpelNode node) {
		return node instanceof VariableReference
				&& ("#root".equals(node.toStringAST()) || "#this".equals(node.toStringAST()));
	}

	private static List<String> variables(SpelNode node, List<String> found) {
		if (node instanceof VariableReference) {
			found.add(node.toStringAST().substring(1));
		}
		for (int i = 0; i < node.getChildCount(); i++) {
			variables(node.getChild(i), found);
		}
		return found;
	}

	String source() {
		return this.source;
	}

	/**
	 * Returns the declared types of the parameters the expression names ({@code #order},
	 * {@code #p0}, {@code #a0}), whose properties it may read by reflection: what a
	 * native image must be told about.
	 */
	Set<Class<?>> namedParameterTypes() {
		String[] names = parameterNames.getParameterNames(this.method);
		List<String> named = (names != null) ? List.of(names) : List.of();
		Class<?>[] types = this.method.getParameterTypes();
		Set<Class<?>> found = new LinkedHashSet<>();
		for (String variable : variables(((SpelExpression) this.expression).getAST(), new ArrayList<>())) {
			int index = named.indexOf(variable);
			if (index < 0 && variable.matches("[pa]\\d+")) {
				index = Integer.parseInt(variable.substring(1));
			}
			if (index >= 0 && index < types.length) {
				found.add(types[index]);
			}
		}
		return found;
	}

	/**
	 * Evaluates the expression for one call, with the parameter names of the method it
	 * was checked against (the implementation's, also when called through an interface).
	 * @return the keys, sorted and distinct: one for a single lock, several for a
	 * multi-lock
	 * @throws IllegalArgumentException if it fails, gives null, a blank key, or an empty
	 * collection
	 */
	List<String> evaluate(Object target, @Nullable Object[] arguments) {
		MethodBasedEvaluationContext context = new MethodBasedEvaluationContext(
				new LockExpressionRootObject(this.method, target, arguments), this.method, arguments, parameterNames);
		if (this.beanResolver != null) {
			context.setBeanResolver(this.beanResolver);
		}
		Object value;
		try {
			value = this.expression.getValue(context);
		}
		catch (EvaluationException ex) {
			throw new IllegalArgumentException(
					"Lock key expression '" + this.source + "' on " + this.methodName + " failed: " + ex.getMessage(),
					ex);
		}
		if (value instanceof Collection<?> || ObjectUtils.isArray(value)) {
			return multipleKeys(value);
		}
		return List.of(requireKey(value, "evaluated to"));
	}

	private List<String> multipleKeys(Object value) {
		Collection<?> elements = (value instanceof Collection<?> collection) ? collection
				: List.of(ObjectUtils.toObjectArray(value));
		if (elements.isEmpty()) {
			throw invalidKey("evaluated to an empty collection; a multi-lock needs at least one key");
		}
		Set<String> keys = new TreeSet<>();
		for (Object element : elements) {
			keys.add(requireKey(element, "evaluated to a collection with an element"));
		}
		return List.copyOf(keys);
	}

	private String requireKey(@Nullable Object value, String what) {
		if (value == null) {
			throw invalidKey(what + " null" + (this.parameterNamesKnown ? ""
					: ". If it names a parameter, compile with '-parameters' or use '#p0'"));
		}
		String key = value.toString();
		if (key.isBlank()) {
			throw invalidKey(what + " '" + key + "', which is blank");
		}
		return key;
	}

	private IllegalArgumentException invalidKey(String problem) {
		return new IllegalArgumentException(
				"Lock key expression '" + this.source + "' on " + this.methodName + " " + problem);
	}

}
