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
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.distlock.sample.goods.BuyMode;

/**
 * The options of the {@link FlashSaleLoadDriver}, as {@code --name value} or
 * {@code --name=value}.
 *
 * @param urls the instances of the app
 * @param goodsId the good on sale
 * @param stock the units put on sale in each run
 * @param buyers how many users try to buy in each run
 * @param concurrency how many purchases may be in flight
 * @param modes the buy modes, one run each, in this order
 * @param requestTimeout how long one request may take
 * @param deadline how long one run may take
 * @param warmup how many buyers an unreported run in each mode has first, on the next
 * good; 0 for none
 */
record DriverOptions(List<URI> urls, long goodsId, long stock, int buyers, int concurrency, List<BuyMode> modes,
		Duration requestTimeout, Duration deadline, int warmup) {

	static final String USAGE = """
			Usage: FlashSaleLoadDriver [options]
			  --urls URL[,URL...]     instances of the sample app        (default http://localhost:8080)
			  --goods ID              the good on sale                   (default 1)
			  --stock N               units put on sale in each run      (default 1000)
			  --buyers N              users who try to buy, each once    (default 5000)
			  --concurrency N         purchases in flight at most        (default 64)
			  --modes M[,M...]        lock, segmented, atomic, unsafe    (default all four)
			  --timeout DURATION      limit of one request, e.g. 10s     (default 10s)
			  --deadline DURATION     limit of one run, e.g. 5m          (default 5m)
			  --warmup N              first an unreported run of N buyers
			                          per mode on the next good (goods + 1)  (default 0)
			  --help                  print this and exit""";

	private static final Set<String> NAMES = Set.of("urls", "goods", "stock", "buyers", "concurrency", "modes",
			"timeout", "deadline", "warmup");

	private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m)");

	DriverOptions {
		urls = List.copyOf(urls);
		modes = List.copyOf(modes);
		if (modes.isEmpty()) {
			throw new IllegalArgumentException("At least one mode is needed");
		}
		// checks the numbers and URLs as a sale would
		new SalePlan(urls, goodsId, stock, buyers, concurrency, modes.get(0), requestTimeout, deadline);
		if (warmup < 0) {
			throw new IllegalArgumentException("Warm-up must not be negative, was " + warmup);
		}
		if (warmup > 0 && goodsId == Long.MAX_VALUE) {
			throw new IllegalArgumentException(
					"A warm-up runs on the next good, so the goods id must be below " + goodsId);
		}
	}

	/**
	 * Parses the command line.
	 * @throws IllegalArgumentException saying which option is wrong
	 */
	static DriverOptions parse(String... args) {
		Map<String, String> values = values(args);
		return new DriverOptions(
				list(values.getOrDefault("urls", "http://localhost:8080")).stream().map(DriverOptions::uri).toList(),
				number(values, "goods", 1), number(values, "stock", 1000), (int) number(values, "buyers", 5000),
				(int) number(values, "concurrency", 64),
				list(values.getOrDefault("modes", "lock,segmented,atomic,unsafe")).stream()
					.map(BuyMode::parse)
					.toList(),
				duration(values.getOrDefault("timeout", "10s")), duration(values.getOrDefault("deadline", "5m")),
				(int) number(values, "warmup", 0));
	}

	/** Whether the command line asks for help. */
	static boolean wantsHelp(String... args) {
		return Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h");
	}

	/** The plan of the run in the given mode. */
	SalePlan plan(BuyMode mode) {
		return new SalePlan(this.urls, this.goodsId, this.stock, this.buyers, this.concurrency, mode,
				this.requestTimeout, this.deadline);
	}

	/**
	 * The plan of the warm-up run in the given mode: half as many units as buyers, on the
	 * next good.
	 */
	SalePlan warmupPlan(BuyMode mode) {
		return new SalePlan(this.urls, this.goodsId + 1, this.warmup / 2, this.warmup, this.concurrency, mode,
				this.requestTimeout, this.deadline);
	}

	private static Map<String, String> values(String... args) {
		Map<String, String> values = new LinkedHashMap<>();
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			if (!arg.startsWith("--") || arg.length() == 2) {
				throw new IllegalArgumentException("Unexpected argument '" + arg + "'; options start with --");
			}
			int equals = arg.indexOf('=');
			String name = (equals > 0) ? arg.substring(2, equals) : arg.substring(2);
			if (!NAMES.contains(name)) {
				throw new IllegalArgumentException("Unknown option '--" + name + "'");
			}
			if (equals < 0 && i + 1 >= args.length) {
				throw new IllegalArgumentException("Option '--" + name + "' needs a value");
			}
			values.put(name, (equals > 0) ? arg.substring(equals + 1) : args[++i]);
		}
		return values;
	}

	private static List<String> list(String value) {
		return Arrays.stream(value.split(",")).map(String::strip).filter((item) -> !item.isEmpty()).toList();
	}

	private static URI uri(String value) {
		return URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
	}

	private static long number(Map<String, String> values, String name, long defaultValue) {
		String value = values.get(name);
		if (value == null) {
			return defaultValue;
		}
		try {
			return (name.equals("goods") || name.equals("stock")) ? Long.parseLong(value.strip())
					: Integer.parseInt(value.strip());
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("Option '--" + name + "' must be a whole number, was '" + value + "'");
		}
	}

	private static Duration duration(String value) {
		Matcher matcher = DURATION.matcher(value.strip().toLowerCase(Locale.ROOT));
		if (!matcher.matches()) {
			throw new IllegalArgumentException(
					"Duration '" + value + "' must be a number with ms, s or m, such as 10s");
		}
		long amount = Long.parseLong(matcher.group(1));
		return switch (matcher.group(2)) {
			case "ms" -> Duration.ofMillis(amount);
			case "s" -> Duration.ofSeconds(amount);
			default -> Duration.ofMinutes(amount);
		};
	}

}
