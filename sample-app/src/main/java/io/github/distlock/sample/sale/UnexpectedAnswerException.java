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

package io.github.distlock.sample.sale;

import java.net.http.HttpResponse;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when the app answers a request with something the load cannot make sense of.
 */
class UnexpectedAnswerException extends IllegalStateException {

	private static final int MAX_BODY = 200;

	UnexpectedAnswerException(HttpResponse<String> response) {
		this(response, null);
	}

	UnexpectedAnswerException(HttpResponse<String> response, @Nullable Throwable cause) {
		super(response.request().method() + " " + response.request().uri() + " answered " + response.statusCode() + ": "
				+ abbreviate(response.body()), cause);
	}

	private static String abbreviate(@Nullable String body) {
		if (body == null || body.isBlank()) {
			return "(no body)";
		}
		String oneLine = body.strip().replaceAll("\\s+", " ");
		return (oneLine.length() > MAX_BODY) ? oneLine.substring(0, MAX_BODY) + "..." : oneLine;
	}

}
