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
