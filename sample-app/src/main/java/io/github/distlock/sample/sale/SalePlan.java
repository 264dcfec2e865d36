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

import java.net.URI;
import java.time.Duration;
import java.util.List;

import io.github.distlock.sample.goods.BuyMode;

/**
 * What a flash sale does: set the stock of a good through the first base URL, then let
 * users {@code 1..buyers} buy one unit each, spread round-robin over the base URLs, with
 * at most {@code concurrency} purchases in flight.
 *
 * @param baseUrls the instances of the app, such as {@code http://localhost:8081}
 * @param goodsId the good on sale
 * @param stock the units put on sale
 * @param buyers how many users try to buy, each once
 * @param concurrency how many purchases may be in flight at once
 * @param mode how the app buys
 * @param requestTimeout how long one request may take
 * @param deadline how long the whole sale may take; purchases not sent by then are not
 * sent
 */
public record SalePlan(List<URI> baseUrls, long goodsId, long stock, int buyers, int concurrency, BuyMode mode,
		Duration requestTimeout, Duration deadline) {

	/** Time one request may take unless told otherwise. */
	public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(10);

	/** Time the whole sale may take unless told otherwise. */
	public static final Duration DEFAULT_DEADLINE = Duration.ofMinutes(5);

	/**
	 * Checks the plan.
	 * @throws IllegalArgumentException naming the value that is out of range
	 */
	public SalePlan {
		baseUrls = List.copyOf(baseUrls);
		if (baseUrls.isEmpty()) {
			throw new IllegalArgumentException("At least one base URL is needed, such as http://localhost:8080");
		}
		baseUrls.forEach(SalePlan::checkBaseUrl);
		requireNotNegative("Goods id", goodsId);
		requireNotNegative("Stock", stock);
		if (buyers < 1) {
			throw new IllegalArgumentException("Buyers must be at least 1, was " + buyers);
		}
		if (concurrency < 1) {
			throw new IllegalArgumentException("Concurrency must be at least 1, was " + concurrency);
		}
		requirePositive("Request timeout", requestTimeout);
		requirePositive("Deadline", deadline);
	}

	/** A plan with the default request timeout and deadline. */
	public SalePlan(List<URI> baseUrls, long goodsId, long stock, int buyers, int concurrency, BuyMode mode) {
		this(baseUrls, goodsId, stock, buyers, concurrency, mode, DEFAULT_REQUEST_TIMEOUT, DEFAULT_DEADLINE);
	}

	/** The same plan in another mode. */
	public SalePlan withMode(BuyMode mode) {
		return new SalePlan(this.baseUrls, this.goodsId, this.stock, this.buyers, this.concurrency, mode,
				this.requestTimeout, this.deadline);
	}

	/** The base URL that buyer {@code userId} (from 1) sends its purchase to. */
	URI baseUrlFor(long userId) {
		return this.baseUrls.get((int) ((userId - 1) % this.baseUrls.size()));
	}

	private static void checkBaseUrl(URI url) {
		boolean http = "http".equalsIgnoreCase(url.getScheme()) || "https".equalsIgnoreCase(url.getScheme());
		if (!http || url.getHost() == null || url.getRawQuery() != null) {
			throw new IllegalArgumentException("Base URL '" + url
					+ "' must be an http(s) URL with a host and no query, such as http://localhost:8080");
		}
	}

	private static void requireNotNegative(String what, long value) {
		if (value < 0) {
			throw new IllegalArgumentException(what + " must not be negative, was " + value);
		}
	}

	private static void requirePositive(String what, Duration value) {
		if (value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException(what + " must be positive, was " + value);
		}
	}

}
