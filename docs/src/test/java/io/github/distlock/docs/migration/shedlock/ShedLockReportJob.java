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

import javax.sql.DataSource;

import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import net.javacrumbs.shedlock.spring.annotation.EnableSchedulerLock;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The "before" of the ShedLock migration guide: a job locked by ShedLock in a JDBC table.
 */
// tag::job[]
@Component
public class ShedLockReportJob {

	@Scheduled(cron = "0 */5 * * * *")
	@SchedulerLock(name = "daily-report", lockAtMostFor = "PT10M", lockAtLeastFor = "PT30S")
	public void sendReport() {
		// ... the work
		// end::job[]
		Runs.run();
		// tag::job[]
	}

}
// end::job[]

/**
 * The application of the "before"; it does not enable scheduling, so that the test alone
 * calls the job.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(ShedLockReportJob.class)
// tag::configuration[]
@EnableSchedulerLock(defaultLockAtMostFor = "PT10M")
class ShedLockApplication {

	@Bean
	LockProvider lockProvider(DataSource dataSource) {
		return new JdbcTemplateLockProvider(JdbcTemplateLockProvider.Configuration.builder()
			.withJdbcTemplate(new JdbcTemplate(dataSource))
			.build());
	}

}
// end::configuration[]
