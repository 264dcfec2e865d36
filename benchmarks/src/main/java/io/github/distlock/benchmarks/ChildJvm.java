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
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One child JVM running {@link MultiJvmChild} on the current classpath: its output echoed
 * line by line with its name in front, its {@link ResultLine} kept for the parent.
 */
final class ChildJvm {

	private final String name;

	private final PrintStream out;

	private final Process process;

	private final Thread reader;

	private final AtomicReference<String> result = new AtomicReference<>();

	/**
	 * Starts a child JVM.
	 * @param name the child's name, in front of its output and given to it as
	 * {@code --name}
	 * @param args the child's other arguments
	 * @param out where the child's output is echoed
	 */
	ChildJvm(String name, List<String> args, PrintStream out) {
		this.name = name;
		this.out = out;
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

	/**
	 * Waits for the child to exit and returns its result line; a child that does not exit
	 * in time is dumped with {@code jstack}.
	 * @param limit how long to wait
	 * @return the result line
	 * @throws IllegalStateException if the child did not finish in time or printed no
	 * result
	 */
	String await(Duration limit) {
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
			throw new IllegalStateException("Child JVM " + this.name + " exited with status " + this.process.exitValue()
					+ " without a result; see its output above");
		}
		return line;
	}

	void destroy() {
		this.process.destroyForcibly();
	}

	/** Prints the stuck child's threads with {@code jstack}, when the JDK has it. */
	private void dumpThreads() {
		Path jstack = Path.of(System.getProperty("java.home"), "bin", "jstack");
		this.out.println("  [" + this.name + "] did not finish; jstack " + this.process.pid() + ":");
		try {
			Process dump = new ProcessBuilder(jstack.toString(), "-l", String.valueOf(this.process.pid()))
				.redirectErrorStream(true)
				.start();
			this.out.println(new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
			dump.waitFor(30, TimeUnit.SECONDS);
		}
		catch (IOException ex) {
			this.out.println("  (could not run " + jstack + ": " + ex.getMessage() + ")");
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
					this.out.println("  [" + this.name + "] " + line);
				}
			}
		}
		catch (IOException ex) {
			// the child is gone; await() reports a missing result
		}
	}

}
