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

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Command-line options of the form {@code --name value}, checked against the names a main
 * method accepts.
 */
final class Arguments {

	private final Map<String, String> values = new LinkedHashMap<>();

	/**
	 * Parses the arguments.
	 * @param args the command line
	 * @param known the option names accepted, without the leading dashes
	 * @throws IllegalArgumentException on an unknown option or a missing value
	 */
	Arguments(String[] args, Set<String> known) {
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			if (!arg.startsWith("--") || !known.contains(arg.substring(2))) {
				throw new IllegalArgumentException(
						"Unknown option '" + arg + "'; known options: --" + String.join(", --", known));
			}
			if (i + 1 == args.length) {
				throw new IllegalArgumentException("Option " + arg + " needs a value");
			}
			this.values.put(arg.substring(2), args[++i]);
		}
	}

	String string(String name, String fallback) {
		return this.values.getOrDefault(name, fallback);
	}

	String required(String name) {
		String value = this.values.get(name);
		if (value == null) {
			throw new IllegalArgumentException("Option --" + name + " is required");
		}
		return value;
	}

	int positiveInt(String name, int fallback) {
		String value = this.values.get(name);
		return positive(name, (value != null) ? Integer.parseInt(value) : fallback);
	}

	/** A comma-separated list of positive integers, for example {@code 1,8,64}. */
	List<Integer> positiveInts(String name, String fallback) {
		List<Integer> values = list(name, fallback).stream()
			.map((value) -> positive(name, Integer.parseInt(value)))
			.toList();
		if (values.isEmpty()) {
			throw new IllegalArgumentException("Option --" + name + " needs at least one number");
		}
		return values;
	}

	private static int positive(String name, int value) {
		if (value <= 0) {
			throw new IllegalArgumentException("Option --" + name + " must be positive, was " + value);
		}
		return value;
	}

	/** Seconds, fractions allowed, for example {@code 0.5}. */
	Duration seconds(String name, double fallback, boolean zeroAllowed) {
		String value = this.values.get(name);
		double seconds = (value != null) ? Double.parseDouble(value) : fallback;
		if (seconds < 0 || (seconds == 0 && !zeroAllowed)) {
			String expected = zeroAllowed ? "zero or more" : "positive";
			throw new IllegalArgumentException("Option --" + name + " must be " + expected + ", was " + value);
		}
		return Duration.ofMillis(Math.round(seconds * 1000));
	}

	List<String> list(String name, String fallback) {
		return Arrays.stream(string(name, fallback).split(",")).map(String::trim).filter((s) -> !s.isEmpty()).toList();
	}

}
