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

import java.io.PrintStream;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.github.distlock.sample.goods.BuyMode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs a flash sale against running instances of the sample app, once per buy mode,
 * printing progress every second and a table of the results at the end. It does not start
 * Spring.
 *
 * <pre class="code">
 * java -cp sample-app/target/sample-app-0.1.0-SNAPSHOT.jar \
 *     -Dloader.main=io.github.distlock.sample.sale.FlashSaleLoadDriver \
 *     org.springframework.boot.loader.launch.PropertiesLauncher \
 *     --urls http://localhost:8081,http://localhost:8082 --stock 1000 --buyers 5000
 * </pre>
 *
 * <p>
 * Exits with 0 when every run completed and every mode but {@code unsafe} kept the stock
 * right, 3 when one did not, 2 when a run could not be done at all, and 1 on bad options.
 */
public final class FlashSaleLoadDriver {

	private final PrintStream out;

	private final HttpClient http = FlashSale.newHttpClient();

	private final JsonMapper json = JsonMapper.builder().build();

	FlashSaleLoadDriver(PrintStream out) {
		this.out = out;
	}

	public static void main(String[] args) {
		if (DriverOptions.wantsHelp(args)) {
			System.out.println(DriverOptions.USAGE);
			return;
		}
		DriverOptions options;
		try {
			options = DriverOptions.parse(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.err.println(DriverOptions.USAGE);
			System.exit(1);
			return;
		}
		System.exit(new FlashSaleLoadDriver(System.out).run(options));
	}

	/** Runs one sale per mode and returns the exit code. */
	int run(DriverOptions options) {
		this.out.printf("Flash sale of %d units to %d buyers, %d in flight, against %s%n", options.stock(),
				options.buyers(), options.concurrency(), options.urls());
		List<SaleReport> reports = new ArrayList<>();
		ExecutorService runner = Executors.newSingleThreadExecutor((task) -> new Thread(task, "flash-sale"));
		try {
			warmUp(options, runner);
			for (BuyMode mode : options.modes()) {
				reports.add(runWithProgress(new FlashSale(options.plan(mode), this.http, this.json), runner));
			}
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			this.out.println("The sale could not be run: " + cause.getMessage());
			return 2;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return 2;
		}
		finally {
			runner.shutdownNow();
		}
		this.out.println();
		this.out.print(ReportTable.format(reports));
		return reports.stream().allMatch(FlashSaleLoadDriver::asExpected) ? 0 : 3;
	}

	private void warmUp(DriverOptions options, ExecutorService runner) throws ExecutionException, InterruptedException {
		if (options.warmup() == 0) {
			return;
		}
		this.out.printf("Warming up: %d buyers per mode on good %d (not reported)%n", options.warmup(),
				options.goodsId() + 1);
		for (BuyMode mode : options.modes()) {
			runner.submit(new FlashSale(options.warmupPlan(mode), this.http, this.json)::run).get();
		}
	}

	private SaleReport runWithProgress(FlashSale sale, ExecutorService runner)
			throws ExecutionException, InterruptedException {
		Future<SaleReport> report = runner.submit(sale::run);
		while (true) {
			try {
				SaleReport done = report.get(1, TimeUnit.SECONDS);
				this.out.println(
						ReportTable.progressLine(sale.plan(), done.progress()) + "  -> " + ReportTable.check(done));
				if (done.progress().lastError() != null) {
					this.out.println("           last error: " + done.progress().lastError());
				}
				return done;
			}
			catch (TimeoutException ex) {
				this.out.println(ReportTable.progressLine(sale.plan(), sale.progress()));
			}
		}
	}

	private static boolean asExpected(SaleReport report) {
		return report.plan().mode() == BuyMode.UNSAFE ? report.completed() : report.correct();
	}

}
