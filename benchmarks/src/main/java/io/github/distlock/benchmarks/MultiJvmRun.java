package io.github.distlock.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Parent side of the multi-JVM scenario: spawns the child JVMs ({@link MultiJvmChild}) on the
 * current classpath, starts them together, echoes their output and collects their figures.
 */
final class MultiJvmRun {

	private static final Duration READY_TIMEOUT = Duration.ofSeconds(90);

	private static final long START_DELAY_MILLIS = 500;

	private final RedisAddress redis;

	private final PrintStream out;

	MultiJvmRun(RedisAddress redis, PrintStream out) {
		this.redis = redis;
		this.out = out;
	}

	/**
	 * Runs one contender in several JVMs on one key.
	 * @param contender the contender's name
	 * @param jvms how many child JVMs
	 * @param threadsPerJvm worker threads in each child
	 * @param warmup warm-up before the measured window
	 * @param window the measured window
	 * @return the figures of every child and the counter's final value
	 */
	MultiJvmResult run(String contender, int jvms, int threadsPerJvm, Duration warmup, Duration window) {
		String run = "bench-jvms-" + UUID.randomUUID().toString().substring(0, 8);
		String counterKey = run + "-counter";
		List<Child> children = new ArrayList<>();
		try (SharedCounter counter = new SharedCounter(this.redis, counterKey);
				StartSignal signal = new StartSignal(this.redis, run + "-ready", run + "-start")) {
			counter.reset();
			for (int i = 0; i < jvms; i++) {
				children.add(new Child(contender + "-jvm" + (i + 1), List.of("--contender", contender, "--redis",
						this.redis.toString(), "--threads", String.valueOf(threadsPerJvm), "--namespace", run,
						"--counter-key", counterKey, "--ready-key", run + "-ready", "--start-key", run + "-start",
						"--warmup", seconds(warmup), "--seconds", seconds(window))));
			}
			signal.awaitReady(jvms, READY_TIMEOUT, () -> children.stream().allMatch(Child::isAlive));
			signal.start(System.currentTimeMillis() + START_DELAY_MILLIS);
			Duration limit = warmup.plus(window).plus(Contender.WAIT).plusSeconds(60).plusMillis(START_DELAY_MILLIS);
			List<LoadResult> results = new ArrayList<>();
			for (Child child : children) {
				results.add(child.await(limit));
			}
			return new MultiJvmResult(results, counter.value());
		}
		finally {
			children.forEach(Child::destroy);
		}
	}

	private static String seconds(Duration duration) {
		return String.valueOf(duration.toMillis() / 1000.0);
	}

	/** One child JVM, its output echoed line by line, its result line kept. */
	private final class Child {

		private final String name;

		private final Process process;

		private final Thread reader;

		private final AtomicReference<String> result = new AtomicReference<>();

		Child(String name, List<String> args) {
			this.name = name;
			String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
			List<String> command = new ArrayList<>(
					List.of(java, "-cp", ChildClasspath.current(), MultiJvmChild.class.getName()));
			command.addAll(args);
			command.addAll(List.of("--name", name));
			try {
				this.process = new ProcessBuilder(command).redirectErrorStream(true).start();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not start child JVM " + name, ex);
			}
			this.reader = new Thread(this::read, name + "-output");
			this.reader.setDaemon(true);
			this.reader.start();
		}

		boolean isAlive() {
			return this.process.isAlive();
		}

		LoadResult await(Duration limit) {
			try {
				if (!this.process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
					dumpThreads();
					throw new IllegalStateException("Child JVM " + this.name + " (pid " + this.process.pid()
							+ ") did not finish within " + limit.toSeconds() + " s");
				}
				this.reader.join(5000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("Interrupted while waiting for child JVM " + this.name, ex);
			}
			String line = this.result.get();
			if (line == null) {
				throw new IllegalStateException("Child JVM " + this.name + " exited with status "
						+ this.process.exitValue() + " without a result; see its output above");
			}
			return ResultLine.parse(line);
		}

		void destroy() {
			this.process.destroyForcibly();
		}

		/** Prints the stuck child's threads with {@code jstack}, when the JDK has it. */
		private void dumpThreads() {
			Path jstack = Path.of(System.getProperty("java.home"), "bin", "jstack");
			MultiJvmRun.this.out.println("  [" + this.name + "] did not finish; jstack " + this.process.pid() + ":");
			try {
				Process dump = new ProcessBuilder(jstack.toString(), "-l", String.valueOf(this.process.pid()))
					.redirectErrorStream(true)
					.start();
				MultiJvmRun.this.out.println(new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
				dump.waitFor(30, TimeUnit.SECONDS);
			}
			catch (IOException ex) {
				MultiJvmRun.this.out.println("  (could not run " + jstack + ": " + ex.getMessage() + ")");
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		private void read() {
			try (BufferedReader lines = new BufferedReader(
					new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
				String line;
				while ((line = lines.readLine()) != null) {
					if (ResultLine.matches(line)) {
						this.result.set(line);
					}
					else {
						MultiJvmRun.this.out.println("  [" + this.name + "] " + line);
					}
				}
			}
			catch (IOException ex) {
				// the child is gone; await() reports a missing result
			}
		}

	}

}
