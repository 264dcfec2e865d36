package io.github.distlock.benchmarks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.distlock.test.redis.RedisServer;

/**
 * Load harness comparing distlock with a raw Lettuce lock loop. Runs every scenario for both
 * contenders, one after the other, against the same Redis server, and prints a table per
 * scenario with the ratio distlock / raw. It starts its own {@code redis-server} unless
 * {@code --redis host:port} is given; see {@link HarnessSettings#USAGE} for the options.
 */
public final class LockLoadHarness {

	private LockLoadHarness() {
	}

	public static void main(String[] args) {
		if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
			System.out.print(HarnessSettings.USAGE);
			return;
		}
		HarnessSettings settings;
		try {
			settings = HarnessSettings.parse(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println(ex.getMessage());
			System.err.print(HarnessSettings.USAGE);
			throw ex;
		}
		List<String> troubled = run(settings, System.out);
		if (!troubled.isEmpty()) {
			throw new IllegalStateException("Scenario(s) " + troubled
					+ " had failures, timeouts, errors, hung threads or lost updates; see above");
		}
	}

	private static List<String> run(HarnessSettings settings, PrintStream out) {
		RedisServer server = (settings.redis() == null) ? RedisServer.start() : null;
		try {
			HarnessSettings resolved = (server != null)
					? settings.withRedis(new RedisAddress(server.host(), server.port())) : settings;
			out.println("distlock load harness: Redis " + resolved.redis() + ((server != null) ? " (started here)" : "")
					+ ", Java " + Runtime.version() + ", " + Runtime.getRuntime().availableProcessors() + " CPUs, "
					+ resolved.timing() + ", contenders " + resolved.contenders());
			List<String> troubled = new ArrayList<>();
			for (String name : resolved.scenarios()) {
				if (!Scenario.named(name).run(resolved, out)) {
					troubled.add(name);
				}
			}
			return troubled;
		}
		finally {
			if (server != null) {
				server.close();
			}
		}
	}

}
