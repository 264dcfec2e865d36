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

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import io.github.distlock.sample.goods.BuyMode;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls the goods API of one or more instances of the app over HTTP; every request is
 * bounded by the timeout.
 */
final class GoodsApiClient {

	private final HttpClient http;

	private final ObjectReader goodsReader;

	private final ObjectReader replyReader;

	private final Duration timeout;

	GoodsApiClient(HttpClient http, JsonMapper json, Duration timeout) {
		this.http = http;
		this.goodsReader = json.readerFor(GoodsFigures.class)
			.without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
		this.replyReader = json.readerFor(PurchaseReply.class)
			.without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
		this.timeout = timeout;
	}

	/** Sets the stock of the good (and forgets its buyers). */
	GoodsFigures setStock(URI baseUrl, long goodsId, long quantity) throws IOException, InterruptedException {
		return goods(post(baseUrl + "/api/goods/" + goodsId + "/stock?quantity=" + quantity));
	}

	/** Reads the good. */
	GoodsFigures goods(URI baseUrl, long goodsId) throws IOException, InterruptedException {
		return goods(request(baseUrl + "/api/goods/" + goodsId).GET().build());
	}

	/**
	 * Sends one purchase; the future completes with how it ended, or exceptionally when
	 * no usable answer came.
	 */
	CompletableFuture<PurchaseOutcome> purchase(URI baseUrl, long goodsId, long userId, BuyMode mode) {
		HttpRequest request = post(baseUrl + "/api/goods/" + goodsId + "/purchase?userId=" + userId + "&mode=" + mode);
		return this.http.sendAsync(request, BodyHandlers.ofString()).thenApply(this::outcome);
	}

	private PurchaseOutcome outcome(HttpResponse<String> response) {
		int status = response.statusCode();
		if (status != 200 && status != 409) {
			throw new UnexpectedAnswerException(response);
		}
		PurchaseReply reply = read(this.replyReader, response);
		if (status == 200 && reply.success()) {
			return PurchaseOutcome.SUCCEEDED;
		}
		if (status == 409 && !reply.success() && reply.reason() != null) {
			PurchaseOutcome outcome = PurchaseOutcome.refused(reply.reason());
			if (outcome != PurchaseOutcome.ERROR) {
				return outcome;
			}
		}
		throw new UnexpectedAnswerException(response);
	}

	private GoodsFigures goods(HttpRequest request) throws IOException, InterruptedException {
		HttpResponse<String> response;
		try {
			response = this.http.send(request, BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new IOException(request.method() + " " + request.uri() + " got no answer (" + ex + ")", ex);
		}
		if (response.statusCode() != 200) {
			throw new UnexpectedAnswerException(response);
		}
		return read(this.goodsReader, response);
	}

	private HttpRequest post(String uri) {
		return request(uri).POST(HttpRequest.BodyPublishers.noBody()).build();
	}

	private HttpRequest.Builder request(String uri) {
		return HttpRequest.newBuilder(URI.create(uri)).timeout(this.timeout).header("Accept", "application/json");
	}

	private static <T> T read(ObjectReader reader, HttpResponse<String> response) {
		try {
			return reader.readValue(response.body());
		}
		catch (JacksonException ex) {
			throw new UnexpectedAnswerException(response, ex);
		}
	}

	/**
	 * The JSON body of a purchase answer.
	 *
	 * @param success whether the user bought a unit
	 * @param reason why not
	 */
	record PurchaseReply(boolean success, @Nullable String reason) {

	}

}
