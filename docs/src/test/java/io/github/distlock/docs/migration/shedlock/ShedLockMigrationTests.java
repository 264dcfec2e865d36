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

package io.github.distlock.docs.migration.shedlock;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.docs.Instances;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ShedLock migration guide's before and after, each as two instances on one H2
 * database: a job runs on one instance at a time, the other skips without an error, and a
 * job that ended early still keeps the lock for its minimum hold.
 */
class ShedLockMigrationTests {

	/**
	 * A thread of its own per call: a pooled thread may still hold a lock of an earlier
	 * call, and re-enter it.
	 */
	private static final Executor NEW_THREAD = (task) -> new Thread(task).start();

	/** The "before" application has no distlock; this module's class path does. */
	private static final String WITHOUT_DISTLOCK = "distlock.enabled=false";

	private final String url = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

	@BeforeEach
	void resetRuns() {
		Runs.count.set(0);
	}

	@Test
	void shedLockRunsTheJobOnOneInstance() throws Exception {
		new ResourceDatabasePopulator(new ClassPathResource("shedlock.sql", getClass()))
			.execute(new DriverManagerDataSource(this.url, "sa", ""));
		try (ConfigurableApplicationContext one = Instances.start(ShedLockApplication.class, datasource(),
				WITHOUT_DISTLOCK);
				ConfigurableApplicationContext two = Instances.start(ShedLockApplication.class, datasource(),
						WITHOUT_DISTLOCK)) {
			runsOnOneInstance(one.getBean(ShedLockReportJob.class)::sendReport,
					two.getBean(ShedLockReportJob.class)::sendReport);
		}
	}

	@Test
	void distlockRunsTheJobOnOneInstance() throws Exception {
		try (ConfigurableApplicationContext one = Instances.start(DistlockApplication.class, datasource(),
				"distlock.store=jdbc");
				ConfigurableApplicationContext two = Instances.start(DistlockApplication.class, datasource(),
						"distlock.store=jdbc")) {
			runsOnOneInstance(one.getBean(DistlockReportJob.class)::sendReport,
					two.getBean(DistlockReportJob.class)::sendReport);
		}
	}

	private String datasource() {
		return "spring.datasource.url=" + this.url;
	}

	private void runsOnOneInstance(Runnable one, Runnable two) throws Exception {
		Runs.entered = new CountDownLatch(1);
		Runs.leave = new CountDownLatch(1);
		CompletableFuture<Void> running = CompletableFuture.runAsync(one, NEW_THREAD);
		if (!Runs.entered.await(10, TimeUnit.SECONDS)) {
			running.get(1, TimeUnit.SECONDS);
		}
		assertThat(Runs.entered.getCount()).isZero();
		two.run();
		assertThat(Runs.count).hasValue(1);
		Runs.leave.countDown();
		running.get(10, TimeUnit.SECONDS);
		Runs.leave = new CountDownLatch(0);
		two.run();
		CompletableFuture.runAsync(one, NEW_THREAD).get(10, TimeUnit.SECONDS);
		assertThat(Runs.count).as("runs within the 30 s minimum hold").hasValue(1);
	}

}
