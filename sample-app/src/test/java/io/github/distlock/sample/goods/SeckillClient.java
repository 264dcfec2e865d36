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

package io.github.distlock.sample.goods;

import java.io.IOException;
import java.util.Map;

import org.springframework.web.client.RestClient;

/**
 * Calls the flash-sale API the way a client would, keeping 4xx answers instead of
 * throwing.
 */
final class SeckillClient {

	private final RestClient rest;

	SeckillClient(int port) {
		this.rest = RestClient.create("http://localhost:" + port);
	}

	Answer setStock(Object goodsId, Object quantity) {
		return post("/api/goods/" + goodsId + "/stock?quantity=" + quantity);
	}

	Answer purchase(long goodsId, long userId, String mode) {
		return post("/api/goods/" + goodsId + "/purchase?userId=" + userId + "&mode=" + mode);
	}

	Answer post(String path) {
		return this.rest.post().uri(path).exchange((request, response) -> answer(response));
	}

	Answer get(String path) {
		return this.rest.get().uri(path).exchange((request, response) -> answer(response));
	}

	@SuppressWarnings("unchecked")
	private static Answer answer(RestClient.RequestHeadersSpec.ConvertibleClientHttpResponse response)
			throws IOException {
		return new Answer(response.getStatusCode().value(), response.bodyTo(Map.class));
	}

	Answer goods(long goodsId) {
		return get("/api/goods/" + goodsId);
	}

	long number(long goodsId, String field) {
		return ((Number) goods(goodsId).body().get(field)).longValue();
	}

	/** A status code and JSON body. */
	record Answer(int status, Map<String, Object> body) {
	}

}
