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

import java.util.OptionalDouble;
import java.util.function.DoubleFunction;

/**
 * One figure of a scenario that the summary over rounds lists: a ratio of two contenders,
 * or a value of one contender where a ratio says little (a share of tries, a wait).
 *
 * @param label what the figure is, the same in every round
 * @param value the figure, empty when a contender it needs failed or was not run
 * @param format how the figure is printed
 */
record Headline(String label, OptionalDouble value, DoubleFunction<String> format) {

	static Headline ratio(String label, OptionalDouble ratio) {
		return new Headline(label, ratio, ReportTable::ratio);
	}

	static Headline percent(String label, OptionalDouble fraction) {
		return new Headline(label, fraction, ReportTable::percent);
	}

	static Headline count(String label, OptionalDouble count) {
		return new Headline(label, count, (value) -> ReportTable.count(Math.round(value)));
	}

	static Headline millis(String label, OptionalDouble millis) {
		return new Headline(label, millis, ReportTable::millis);
	}

	static Headline seconds(String label, OptionalDouble seconds) {
		return new Headline(label, seconds, ReportTable::seconds);
	}

}
