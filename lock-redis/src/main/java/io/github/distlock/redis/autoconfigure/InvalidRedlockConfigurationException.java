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

package io.github.distlock.redis.autoconfigure;

/**
 * The {@code distlock.redlock.*} settings cannot make a Redlock store.
 *
 * @since 0.1.0
 */
public class InvalidRedlockConfigurationException extends RuntimeException {

	private final String action;

	/**
	 * Creates the exception.
	 * @param message what is wrong
	 * @param action what to change
	 */
	public InvalidRedlockConfigurationException(String message, String action) {
		super(message);
		this.action = action;
	}

	/**
	 * Returns what to change.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
	}

}
