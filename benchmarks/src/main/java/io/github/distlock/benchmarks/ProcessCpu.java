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

import java.lang.management.ManagementFactory;

import com.sun.management.OperatingSystemMXBean;

/**
 * CPU time used by this JVM, all its threads together: the client's cost of the locks it
 * takes. A Redis server is another process, so its CPU time is not counted.
 */
final class ProcessCpu {

	private static final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory
		.getOperatingSystemMXBean();

	private ProcessCpu() {
	}

	/**
	 * Returns the CPU time this JVM has used since it started.
	 * @return nanoseconds, or -1 when the platform does not tell
	 */
	static long nanos() {
		return os.getProcessCpuTime();
	}

}
