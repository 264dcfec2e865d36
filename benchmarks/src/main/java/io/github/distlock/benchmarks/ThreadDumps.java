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

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;

/**
 * Full stack traces of every thread in this JVM, with the locks they hold and wait for,
 * for diagnosing a run whose threads did not stop.
 */
final class ThreadDumps {

	private ThreadDumps() {
	}

	/**
	 * Dumps every live thread.
	 * @return the dump
	 */
	static String all() {
		StringBuilder dump = new StringBuilder();
		for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
			dump.append('"')
				.append(thread.getThreadName())
				.append("\" #")
				.append(thread.getThreadId())
				.append(' ')
				.append(thread.getThreadState());
			if (thread.getLockName() != null) {
				dump.append(" on ").append(thread.getLockName());
			}
			if (thread.getLockOwnerName() != null) {
				dump.append(" owned by \"").append(thread.getLockOwnerName()).append('"');
			}
			dump.append('\n');
			StackTraceElement[] frames = thread.getStackTrace();
			for (int i = 0; i < frames.length; i++) {
				dump.append("\tat ").append(frames[i]).append('\n');
				for (MonitorInfo monitor : thread.getLockedMonitors()) {
					if (monitor.getLockedStackDepth() == i) {
						dump.append("\t- locked ").append(monitor).append('\n');
					}
				}
			}
			for (LockInfo lock : thread.getLockedSynchronizers()) {
				dump.append("\t- owns ").append(lock).append('\n');
			}
			dump.append('\n');
		}
		return dump.toString();
	}

}
