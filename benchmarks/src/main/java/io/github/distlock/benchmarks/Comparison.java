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

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * The results of one scenario for each contender, run one after the other; a contender
 * whose run threw is reported as failed and the others still run.
 *
 * @param <R> the scenario's result type
 */
final class Comparison<R> {

	private final List<String> contenders;

	private final Map<String, R> results = new LinkedHashMap<>();

	private boolean failed;

	private Comparison(List<String> contenders) {
		this.contenders = contenders;
	}

	/**
	 * Runs a scenario for each contender.
	 * @param scenario the scenario's name, for progress lines
	 * @param contenders the contenders, in the order of the table's columns
	 * @param runOrder the same contenders, in the order to run them
	 * @param out where progress and failures are printed
	 * @param run runs the scenario for the named contender
	 * @param <R> the result type
	 * @return the results
	 */
	static <R> Comparison<R> run(String scenario, List<String> contenders, List<String> runOrder, PrintStream out,
			Function<String, R> run) {
		Comparison<R> comparison = new Comparison<>(contenders);
		for (String contender : runOrder) {
			out.println("running " + scenario + " / " + contender + " ...");
			try {
				comparison.results.put(contender, run.apply(contender));
			}
			catch (RuntimeException ex) {
				comparison.failed = true;
				out.println(contender + " FAILED in " + scenario + ":");
				ex.printStackTrace(out);
			}
		}
		return comparison;
	}

	/**
	 * Returns one table cell per contender, {@code FAILED} where the run threw.
	 * @param cell formats a result
	 * @return the cells
	 */
	List<String> cells(Function<R, String> cell) {
		return this.contenders.stream()
			.map((contender) -> this.results.containsKey(contender) ? cell.apply(this.results.get(contender))
					: "FAILED")
			.toList();
	}

	/**
	 * Returns the ratio of the second contender's figure to the first's (distlock / raw,
	 * by default), or {@code null} when either is missing.
	 * @param figure the figure
	 * @return the formatted ratio
	 */
	String ratio(ToDoubleFunction<R> figure) {
		OptionalDouble ratio = ratioValue(figure);
		return ratio.isPresent() ? ReportTable.ratio(ratio.getAsDouble()) : null;
	}

	/**
	 * Returns the ratio of the second contender's figure to the first's (distlock / raw,
	 * by default), empty when either is missing or only one contender runs.
	 * @param figure the figure
	 * @return the ratio; infinite or NaN when the first's figure is 0
	 */
	OptionalDouble ratioValue(ToDoubleFunction<R> figure) {
		if (this.contenders.size() < 2) {
			return OptionalDouble.empty();
		}
		OptionalDouble baseline = value(this.contenders.get(0), figure);
		OptionalDouble compared = value(this.contenders.get(1), figure);
		if (baseline.isEmpty() || compared.isEmpty()) {
			return OptionalDouble.empty();
		}
		return OptionalDouble.of(compared.getAsDouble() / baseline.getAsDouble());
	}

	/**
	 * Returns one contender's figure, empty when that contender failed or was not run.
	 * @param contender the contender's name
	 * @param figure the figure
	 * @return the figure
	 */
	OptionalDouble value(String contender, ToDoubleFunction<R> figure) {
		R result = this.results.get(contender);
		return (result != null) ? OptionalDouble.of(figure.applyAsDouble(result)) : OptionalDouble.empty();
	}

	/**
	 * Returns whether any run threw or any result is troubled.
	 * @param troubled whether a result shows a problem
	 * @return whether the scenario had a problem
	 */
	boolean troubled(Predicate<R> troubled) {
		return this.failed || this.results.values().stream().anyMatch(troubled);
	}

}
