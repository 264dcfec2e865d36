package io.github.distlock.core;

import java.util.concurrent.ThreadFactory;

/**
 * Threads of distlock's own executors: daemons, so they never keep a JVM from exiting.
 */
final class DaemonThreads {

	private DaemonThreads() {
	}

	static ThreadFactory named(String name) {
		return (task) -> {
			Thread thread = new Thread(task, name);
			thread.setDaemon(true);
			return thread;
		};
	}

}
