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

package io.github.distlock.core;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

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

	/**
	 * One thread running tasks at their time; a cancelled task leaves its queue at once.
	 */
	static ScheduledExecutorService scheduler(String name) {
		ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, named(name));
		scheduler.setRemoveOnCancelPolicy(true);
		return scheduler;
	}

	/** Up to {@code threads} threads, each ending after 30 s idle. */
	static ExecutorService pool(String name, int threads) {
		ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
				new LinkedBlockingQueue<>(), named(name));
		pool.allowCoreThreadTimeOut(true);
		return pool;
	}

}
