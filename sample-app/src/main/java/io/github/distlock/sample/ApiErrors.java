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

package io.github.distlock.sample;

import java.util.Map;
import java.util.Objects;

import io.github.distlock.sample.goods.UnknownGoodsException;
import io.github.distlock.sample.sale.SaleAlreadyRunningException;
import io.github.distlock.sample.sale.UnknownSaleException;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Turns bad input into a 4xx JSON error that says what was wrong.
 */
@RestControllerAdvice
class ApiErrors {

	@ExceptionHandler({ UnknownGoodsException.class, UnknownSaleException.class })
	ResponseEntity<Map<String, Object>> unknown(RuntimeException ex) {
		return error(HttpStatus.NOT_FOUND, ex.getMessage());
	}

	@ExceptionHandler(SaleAlreadyRunningException.class)
	ResponseEntity<Map<String, Object>> alreadyRunning(SaleAlreadyRunningException ex) {
		return error(HttpStatus.CONFLICT, ex.getMessage());
	}

	@ExceptionHandler(IllegalArgumentException.class)
	ResponseEntity<Map<String, Object>> badArgument(IllegalArgumentException ex) {
		return error(HttpStatus.BAD_REQUEST, ex.getMessage());
	}

	@ExceptionHandler(MissingServletRequestParameterException.class)
	ResponseEntity<Map<String, Object>> missingParameter(MissingServletRequestParameterException ex) {
		return error(HttpStatus.BAD_REQUEST, "Missing request parameter '" + ex.getParameterName() + "'");
	}

	@ExceptionHandler(MethodArgumentTypeMismatchException.class)
	ResponseEntity<Map<String, Object>> typeMismatch(MethodArgumentTypeMismatchException ex) {
		return error(HttpStatus.BAD_REQUEST,
				"Parameter '" + ex.getName() + "' must be a number, was '" + ex.getValue() + "'");
	}

	private static ResponseEntity<Map<String, Object>> error(HttpStatus status, @Nullable String message) {
		// Map.of refuses null: an exception without a message gets the status's reason
		return ResponseEntity.status(status)
			.body(Map.of("status", status.value(), "error", Objects.toString(message, status.getReasonPhrase())));
	}

}
