package io.github.distlock.benchmarks;

import java.time.Duration;
import java.util.Set;

/**
 * Main class of a child JVM in the multi-JVM scenario: runs its share of threads on the one
 * key, started together with its siblings through a {@link StartSignal}, and prints a
 * {@link ResultLine} on stdout.
 */
public final class MultiJvmChild {

	private static final Set<String> OPTIONS = Set.of("contender", "redis", "threads", "namespace", "counter-key",
			"ready-key", "start-key", "warmup", "seconds", "name");

	private MultiJvmChild() {
	}

	public static void main(String[] args) {
		int status = 0;
		try {
			status = run(new Arguments(args, OPTIONS));
		}
		catch (Throwable ex) {
			ex.printStackTrace();
			status = 2;
		}
		System.out.flush();
		System.exit(status);
	}

	private static int run(Arguments arguments) {
		RedisAddress redis = RedisAddress.parse(arguments.required("redis"));
		Duration warmup = arguments.seconds("warmup", 2, true);
		Duration window = arguments.seconds("seconds", 10, false);
		String contenderName = arguments.required("contender");
		String namespace = arguments.required("namespace");
		try (Contender contender = Contender.open(contenderName, redis, namespace);
				SharedCounter counter = new SharedCounter(redis, arguments.required("counter-key"));
				StartSignal signal = new StartSignal(redis, arguments.required("ready-key"),
						arguments.required("start-key"))) {
			LoadRun run = new LoadRun(arguments.required("name"), arguments.positiveInt("threads", 32),
					(i) -> contender.session("lock"), Workload.criticalSection(counter, null), null);
			signal.ready();
			long startAt = signal.awaitStart(Duration.ofMinutes(2));
			LoadResult result = run.run(startAt, warmup, window);
			if (result.hang() != null) {
				System.out.println("Worker threads did not stop; thread dump:");
				System.out.println(result.hang());
			}
			if (result.firstError() != null) {
				System.out.println("First error:");
				result.firstError().printStackTrace(System.out);
			}
			System.out.println(ResultLine.format(result));
			return 0;
		}
	}

}
