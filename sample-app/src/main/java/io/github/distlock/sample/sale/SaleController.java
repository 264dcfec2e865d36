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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.github.distlock.sample.goods.BuyMode;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Starts flash sales against this application (and optionally other instances) and shows
 * how they go: {@code POST /api/sales}, {@code GET /api/sales/{saleId}},
 * {@code GET /api/sales}.
 */
@RestController
@RequestMapping("/api/sales")
class SaleController {

	private final SaleService sales;

	private final ApplicationContext context;

	SaleController(SaleService sales, ApplicationContext context) {
		this.sales = sales;
		this.context = context;
	}

	@PostMapping
	ResponseEntity<SaleStatus> start(@RequestParam(defaultValue = "1") long goodsId,
			@RequestParam(defaultValue = "1000") long stock, @RequestParam(defaultValue = "5000") int buyers,
			@RequestParam(defaultValue = "64") int concurrency, @RequestParam(defaultValue = "lock") String mode,
			@RequestParam(required = false) @Nullable String urls) {
		SalePlan plan = new SalePlan(baseUrls(urls), goodsId, stock, buyers, concurrency, BuyMode.parse(mode));
		SaleStatus status = this.sales.start(plan);
		return ResponseEntity.accepted().location(URI.create("/api/sales/" + status.saleId())).body(status);
	}

	@GetMapping("/{saleId}")
	SaleStatus status(@PathVariable String saleId) {
		return this.sales.status(saleId);
	}

	@GetMapping
	List<SaleStatus> finished() {
		return this.sales.finished();
	}

	/**
	 * This application's own URL first, then the other instances named in {@code urls}.
	 */
	private List<URI> baseUrls(@Nullable String urls) {
		Set<URI> baseUrls = new LinkedHashSet<>();
		baseUrls.add(URI.create("http://localhost:" + localPort()));
		if (urls != null) {
			Arrays.stream(urls.split(","))
				.map(String::strip)
				.filter((url) -> !url.isEmpty())
				.map((url) -> URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url))
				.forEach(baseUrls::add);
		}
		return new ArrayList<>(baseUrls);
	}

	private int localPort() {
		if (this.context instanceof WebServerApplicationContext webContext && webContext.getWebServer() != null) {
			return webContext.getWebServer().getPort();
		}
		throw new IllegalStateException("This application runs no web server, so a sale cannot reach it");
	}

}
