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

import io.github.distlock.DistributedLock;
import io.github.distlock.WhenBusy;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The "after" of the ShedLock migration guide: the same job locked by distlock.
 */
// tag::job[]
@Component
public class DistlockReportJob {

	@Scheduled(cron = "0 */5 * * * *")
	@DistributedLock(key = "'daily-report'", whenBusy = WhenBusy.SKIP, leaseString = "PT10M",
			holdAtLeastString = "PT30S")
	public void sendReport() {
		// ... the work
		// end::job[]
		Runs.run();
		// tag::job[]
	}

}
// end::job[]

/**
 * The application of the "after"; no lock configuration beyond the starter.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(DistlockReportJob.class)
class DistlockApplication {

}
