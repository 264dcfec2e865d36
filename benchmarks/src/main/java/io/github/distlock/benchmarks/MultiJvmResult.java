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

import java.util.List;

/**
 * What one contender achieved with several JVMs on one key.
 *
 * @param jvms each child JVM's figures
 * @param counter the shared counter's final value
 */
record MultiJvmResult(List<LoadResult> jvms, long counter) {

	/**
	 * Returns the sections per second of all JVMs together; their windows coincide.
	 * @return sections per second
	 */
	double perSecond() {
		return this.jvms.stream().mapToDouble(LoadResult::perSecond).sum();
	}

	/**
	 * Returns one JVM's share of the sections done in the window.
	 * @param jvm the JVM's index
	 * @return the share, 0 to 1
	 */
	double share(int jvm) {
		long all = this.jvms.stream().mapToLong(LoadResult::windowCycles).sum();
		return (all > 0) ? (double) this.jvms.get(jvm).windowCycles() / all : 0;
	}

	/**
	 * Returns the CPU time of all child JVMs per section, in the window.
	 * @return microseconds per section
	 */
	double cpuMicrosPerSection() {
		long sections = this.jvms.stream().mapToLong(LoadResult::windowCycles).sum();
		return (sections > 0) ? this.jvms.stream().mapToLong(LoadResult::cpuNanos).sum() / 1e3 / sections : Double.NaN;
	}

	long fewestPerThread() {
		return this.jvms.stream().mapToLong(LoadResult::fewestPerThread).min().orElse(0);
	}

	long mostPerThread() {
		return this.jvms.stream().mapToLong(LoadResult::mostPerThread).max().orElse(0);
	}

	/**
	 * Returns sections whose counter update was lost: sections done minus the counter.
	 * @return the lost updates
	 */
	long lostUpdates() {
		return this.jvms.stream().mapToLong(LoadResult::totalCycles).sum() - this.counter;
	}

	long timeouts() {
		return this.jvms.stream().mapToLong(LoadResult::timeouts).sum();
	}

	long errors() {
		return this.jvms.stream().mapToLong(LoadResult::errors).sum();
	}

	boolean troubled() {
		return this.jvms.stream().anyMatch(LoadResult::troubled) || lostUpdates() != 0;
	}

}
