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

import java.net.http.HttpClient;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.sample.goods.Goods;
import io.github.distlock.sample.goods.GoodsStore;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Service;

/**
 * Runs flash sales in the background, one at a time, and remembers the last
 * {@value #HISTORY} that finished.
 */
@Service
public class SaleService implements DisposableBean {

	/** How many finished sales are kept. */
	static final int HISTORY = 20;

	/** Most buyers one sale may have. */
	static final int MAX_BUYERS = 1_000_000;

	/**
	 * Most purchases one sale may have in flight; the app serves them with its own
	 * threads.
	 */
	static final int MAX_CONCURRENCY = 256;

	private static final Log logger = LogFactory.getLog(SaleService.class);

	private final GoodsStore store;

	private final JsonMapper json;

	private final HttpClient http = FlashSale.newHttpClient();

	private final ExecutorService runner = Executors.newSingleThreadExecutor((task) -> new Thread(task, "flash-sale"));

	private final AtomicReference<@Nullable Sale> running = new AtomicReference<>();

	private final Map<String, Sale> sales = new ConcurrentHashMap<>();

	private final Deque<Sale> finished = new ConcurrentLinkedDeque<>();

	SaleService(GoodsStore store, JsonMapper json) {
		this.store = store;
		this.json = json;
	}

	/**
	 * Starts a sale in the background.
	 * @throws IllegalArgumentException if the plan asks for more than a sale in the app
	 * may do
	 * @throws SaleAlreadyRunningException if another sale runs
	 */
	public SaleStatus start(SalePlan plan) {
		checkLimits(plan);
		Sale sale = new Sale(UUID.randomUUID().toString(), new FlashSale(plan, this.http, this.json));
		Sale current = this.running.get();
		if ((current != null && current.state() == SaleState.RUNNING) || !this.running.compareAndSet(current, sale)) {
			throw new SaleAlreadyRunningException();
		}
		this.sales.put(sale.id(), sale);
		try {
			this.runner.execute(() -> run(sale));
		}
		catch (RejectedExecutionException ex) {
			this.sales.remove(sale.id());
			this.running.compareAndSet(sale, null);
			throw new IllegalStateException("The application is shutting down; no sale can start", ex);
		}
		logger.info("Sale " + sale.id() + " started: " + plan.buyers() + " buyers for " + plan.stock()
				+ " units of good " + plan.goodsId() + " in mode " + plan.mode() + ", " + plan.concurrency()
				+ " in flight, against " + plan.baseUrls());
		return status(sale);
	}

	/**
	 * Returns the status of a running sale or one of the last finished ones.
	 * @throws UnknownSaleException if there is no such sale
	 */
	public SaleStatus status(String saleId) {
		Sale sale = this.sales.get(saleId);
		if (sale == null) {
			throw new UnknownSaleException(saleId);
		}
		return status(sale);
	}

	/** The last finished sales, newest last. */
	public List<SaleStatus> finished() {
		return this.finished.stream().filter((sale) -> sale.state() != SaleState.RUNNING).map(this::status).toList();
	}

	@Override
	public void destroy() {
		this.runner.shutdownNow();
	}

	private void run(Sale sale) {
		try {
			sale.run();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (Exception ex) {
			logger.warn("Sale " + sale.id() + " failed", ex);
		}
		finally {
			remember(sale);
			sale.end();
			// a client that sees the sale ended may start the next one at once
			this.running.compareAndSet(sale, null);
		}
		logger.info("Sale " + sale.id() + " ended: " + status(sale));
	}

	private void remember(Sale sale) {
		this.finished.addLast(sale);
		while (this.finished.size() > HISTORY) {
			Sale oldest = this.finished.pollFirst();
			if (oldest != null) {
				this.sales.remove(oldest.id());
			}
		}
	}

	private SaleStatus status(Sale sale) {
		return sale.status(this::liveGoods);
	}

	private @Nullable GoodsFigures liveGoods(long goodsId) {
		return this.store.find(goodsId).map(SaleService::figures).orElse(null);
	}

	private static GoodsFigures figures(Goods goods) {
		return new GoodsFigures(goods.goodsId(), goods.stock(), goods.sold(), goods.initial(), goods.buyers());
	}

	private static void checkLimits(SalePlan plan) {
		if (plan.buyers() > MAX_BUYERS) {
			throw new IllegalArgumentException("Buyers must be at most " + MAX_BUYERS + ", was " + plan.buyers());
		}
		if (plan.concurrency() > MAX_CONCURRENCY) {
			throw new IllegalArgumentException(
					"Concurrency must be at most " + MAX_CONCURRENCY + ", was " + plan.concurrency());
		}
	}

}
