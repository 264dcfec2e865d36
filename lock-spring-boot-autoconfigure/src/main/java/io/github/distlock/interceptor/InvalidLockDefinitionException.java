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

/**
 * Thrown at start-up when a {@code @DistributedLock} method is declared wrongly: a key
 * expression that does not parse or names a parameter the method lacks, a fallback that
 * does not fit, a bad or unresolvable duration, {@code whenBusy = SKIP} where no empty
 * value can be returned.
 *
 * @since 0.1.0
 */
public class InvalidLockDefinitionException extends IllegalStateException {

	private final String method;

	/**
	 * Creates an exception naming the method and what is wrong with it.
	 * @param method the method, as {@code SimpleClassName.method(ParameterTypes)}
	 * @param problem what is wrong and how to fix it
	 */
	public InvalidLockDefinitionException(String method, String problem) {
		super("@DistributedLock on " + method + ": " + problem);
		this.method = method;
	}

	/**
	 * Returns the method whose declaration is wrong.
	 * @return the method, as {@code SimpleClassName.method(ParameterTypes)}
	 */
	public String getMethod() {
		return this.method;
	}

}
