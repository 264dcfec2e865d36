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

package io.github.distlock.redis;

import org.springframework.dao.DataAccessResourceFailureException;

/**
 * Fewer than a quorum of the Redlock nodes answered a call in time, so it has no answer;
 * the message names each node that did not and why.
 *
 * @since 0.1.0
 */
public class RedlockQuorumException extends DataAccessResourceFailureException {

	/**
	 * Creates the exception.
	 * @param message what was asked and which nodes failed
	 */
	public RedlockQuorumException(String message) {
		super(message);
	}

	/**
	 * Creates the exception.
	 * @param message what was asked
	 * @param cause why no answer came
	 */
	public RedlockQuorumException(String message, Throwable cause) {
		super(message, cause);
	}

}
