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

package io.github.distlock.autoconfigure;

import io.github.distlock.interceptor.InvalidLockDefinitionException;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains an {@link InvalidLockDefinitionException}: which bean and method, and what to
 * change.
 */
final class InvalidLockDefinitionFailureAnalyzer extends AbstractFailureAnalyzer<InvalidLockDefinitionException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidLockDefinitionException cause) {
		BeanCreationException beanFailure = findCause(rootFailure, BeanCreationException.class);
		String bean = (beanFailure != null && beanFailure.getBeanName() != null)
				? "Bean '" + beanFailure.getBeanName() + "': " : "";
		return new FailureAnalysis(bean + cause.getMessage(), "Fix the @DistributedLock annotation on "
				+ cause.getMethod() + ": key must be a SpEL expression over "
				+ "the method's parameters (#name, #p0, #a0, @bean, 'literal'); leaseMs and waitMs -1, 0 or "
				+ "positive; leaseString, waitString and holdAtLeastString (each instead of its *Ms twin) a "
				+ "duration such as 30s, 500ms, PT30S or 1500, or a ${...} placeholder whose property gives one; "
				+ "holdAtLeast shorter than a fixed lease; whenBusy = SKIP only without a fallback and on a "
				+ "method that can return an empty value; fallback the name of a method of the same bean with "
				+ "the same parameters (optionally followed by a LockNotAcquiredException) and a compatible "
				+ "return type.", cause);
	}

}
