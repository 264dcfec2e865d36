package io.github.distlock.sample.goods;

import java.io.IOException;
import java.util.Map;

import org.springframework.web.client.RestClient;

/**
 * Calls the flash-sale API the way a client would, keeping 4xx answers instead of throwing.
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
	private static Answer answer(RestClient.RequestHeadersSpec.ConvertibleClientHttpResponse response) throws IOException {
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
