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

/**
 * How one purchase request ended, as the load sees it.
 */
enum PurchaseOutcome {

	/** 200 with {@code "success":true}. */
	SUCCEEDED,
	/** 409 with {@code "reason":"SOLD_OUT"}. */
	SOLD_OUT,
	/** 409 with {@code "reason":"ALREADY_BOUGHT"}. */
	ALREADY_BOUGHT,
	/** 409 with {@code "reason":"BUSY"}: the lock stayed busy for the whole wait. */
	BUSY,
	/** Any other answer, or no answer at all. */
	ERROR;

	/** The outcome of a refusal with the given reason. */
	static PurchaseOutcome refused(String reason) {
		return switch (reason) {
			case "SOLD_OUT" -> SOLD_OUT;
			case "ALREADY_BOUGHT" -> ALREADY_BOUGHT;
			case "BUSY" -> BUSY;
			default -> ERROR;
		};
	}

}
