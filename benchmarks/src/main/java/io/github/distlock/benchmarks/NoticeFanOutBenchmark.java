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

package io.github.distlock.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.distlock.test.redis.RedisServer;

/**
 * How many release notices each JVM receives: {@code --jvms} child JVMs
 * ({@link NoticeCountChild}) lock random locks of a shared set of {@code --locks}, and
 * each counts the notices it is told of. The same children run on the current classpath
 * ({@code after}) and on {@code --baseline-classpath} (a file holding the classpath of
 * the library before the change, {@code before}), in one run against one Redis,
 * alternating which goes first from round to round. Reports per JVM the notices received
 * per second, the acquisitions per second, and the notices the server published
 * ({@code PUBLISH} and {@code SPUBLISH} calls, scripts' included, from
 * {@code INFO commandstats}).
 */
public final class NoticeFanOutBenchmark {

	private static final Pattern RESULT = Pattern.compile("RESULT notices=(\\d+) acquisitions=(\\d+) timeouts=(\\d+)");

	private NoticeFanOutBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = options(args);
		int jvms = Integer.parseInt(options.getOrDefault("jvms", "4"));
		int locks = Integer.parseInt(options.getOrDefault("locks", "1000"));
		int threads = Integer.parseInt(options.getOrDefault("threads", "64"));
		int rounds = Integer.parseInt(options.getOrDefault("rounds", "2"));
		long seconds = Long.parseLong(options.getOrDefault("seconds", "10"));
		long warmup = Long.parseLong(options.getOrDefault("warmup", "5"));
		Map<String, String> classpaths = new LinkedHashMap<>();
		classpaths.put("before", Files.readString(Path.of(options.get("baseline-classpath"))).trim());
		classpaths.put("after", ChildClasspath.current());
		System.out.printf("notices: %d JVMs x %d threads on %d shared locks, 1 ms held, %d s measured after %d s%n",
				jvms, threads, locks, seconds, warmup);
		try (RedisServer server = RedisServer.start()) {
			for (int round = 1; round <= rounds; round++) {
				List<String> order = new ArrayList<>(classpaths.keySet());
				if (round % 2 == 0) {
					java.util.Collections.reverse(order);
				}
				for (String code : order) {
					run(server, code, classpaths.get(code), jvms, locks, threads, warmup, seconds, round);
				}
			}
		}
	}

	private static void run(RedisServer server, String code, String classpath, int jvms, int locks, int threads,
			long warmup, long seconds, int round) throws Exception {
		String prefix = "notices-" + UUID.randomUUID();
		long startAt = System.currentTimeMillis() + 8000;
		List<Process> children = new ArrayList<>();
		for (int i = 0; i < jvms; i++) {
			children.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
					classpath, NoticeCountChild.class.getName(), server.host(), String.valueOf(server.port()), prefix,
					String.valueOf(locks), String.valueOf(threads), "1000", String.valueOf(startAt),
					String.valueOf(warmup), String.valueOf(seconds))
				.redirectErrorStream(true)
				.start());
		}
		Thread.sleep(Math.max(0, startAt + warmup * 1000 - System.currentTimeMillis()));
		server.resetStatistics();
		Thread.sleep(seconds * 1000);
		Map<String, Long> calls = server.commandCalls();
		long published = calls.getOrDefault("publish", 0L) + calls.getOrDefault("spublish", 0L);
		for (int i = 0; i < children.size(); i++) {
			Matcher result = result(children.get(i));
			long notices = Long.parseLong(result.group(1));
			long acquisitions = Long.parseLong(result.group(2));
			System.out.printf("round %d %-6s jvm %d: %,10.1f notices/s received  %,9.1f acquisitions/s  %,d timeouts%n",
					round, code, i + 1, (double) notices / seconds, (double) acquisitions / seconds,
					Long.parseLong(result.group(3)));
		}
		System.out.printf("round %d %-6s server: %,10.1f notices/s published (publish %d, spublish %d)%n", round, code,
				(double) published / seconds, calls.getOrDefault("publish", 0L), calls.getOrDefault("spublish", 0L));
	}

	private static Matcher result(Process child) throws IOException, InterruptedException {
		List<String> output = new ArrayList<>();
		try (BufferedReader lines = new BufferedReader(
				new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line = lines.readLine(); line != null; line = lines.readLine()) {
				Matcher result = RESULT.matcher(line);
				if (result.matches()) {
					child.waitFor(60, TimeUnit.SECONDS);
					return result;
				}
				output.add(line);
			}
		}
		throw new IllegalStateException("A child JVM gave no result:\n" + String.join("\n", output));
	}

	private static Map<String, String> options(String[] args) {
		Map<String, String> options = new LinkedHashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
		}
		return options;
	}

}
