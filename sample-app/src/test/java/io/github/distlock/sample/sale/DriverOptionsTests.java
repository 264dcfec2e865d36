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

package io.github.distlock.sample.sale;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import io.github.distlock.sample.goods.BuyMode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DriverOptionsTests {

	@Test
	void defaultsToEveryModeAgainstOneLocalInstance() {
		DriverOptions options = DriverOptions.parse();
		assertThat(options.urls()).containsExactly(URI.create("http://localhost:8080"));
		assertThat(options.goodsId()).isEqualTo(1);
		assertThat(options.stock()).isEqualTo(1000);
		assertThat(options.buyers()).isEqualTo(5000);
		assertThat(options.concurrency()).isEqualTo(64);
		assertThat(options.modes()).containsExactly(BuyMode.LOCK, BuyMode.SEGMENTED, BuyMode.ATOMIC, BuyMode.UNSAFE);
		assertThat(options.requestTimeout()).isEqualTo(Duration.ofSeconds(10));
		assertThat(options.deadline()).isEqualTo(Duration.ofMinutes(5));
		assertThat(options.warmup()).isZero();
	}

	@Test
	void takesValuesAfterTheOptionOrAfterAnEqualsSign() {
		DriverOptions options = DriverOptions.parse("--urls", "http://localhost:8081/, http://localhost:8082",
				"--goods=7", "--stock", "10", "--buyers=50", "--concurrency", "4", "--modes", "atomic,UNSAFE",
				"--timeout", "500ms", "--deadline=2m", "--warmup", "40");
		assertThat(options.urls()).containsExactly(URI.create("http://localhost:8081"),
				URI.create("http://localhost:8082"));
		assertThat(options.modes()).containsExactly(BuyMode.ATOMIC, BuyMode.UNSAFE);
		SalePlan plan = options.plan(BuyMode.UNSAFE);
		assertThat(plan).isEqualTo(new SalePlan(options.urls(), 7, 10, 50, 4, BuyMode.UNSAFE, Duration.ofMillis(500),
				Duration.ofMinutes(2)));
		assertThat(plan.baseUrlFor(1)).isEqualTo(URI.create("http://localhost:8081"));
		assertThat(plan.baseUrlFor(2)).isEqualTo(URI.create("http://localhost:8082"));
		assertThat(plan.baseUrlFor(3)).isEqualTo(URI.create("http://localhost:8081"));
		assertThat(options.warmupPlan(BuyMode.LOCK)).isEqualTo(new SalePlan(options.urls(), 8, 20, 40, 4, BuyMode.LOCK,
				Duration.ofMillis(500), Duration.ofMinutes(2)));
	}

	@Test
	void namesTheWrongOption() {
		assertThatIllegalArgumentException().isThrownBy(() -> DriverOptions.parse("--bogus", "1"))
			.withMessageContaining("--bogus");
		assertThatIllegalArgumentException().isThrownBy(() -> DriverOptions.parse("--buyers"))
			.withMessageContaining("needs a value");
		assertThatIllegalArgumentException().isThrownBy(() -> DriverOptions.parse("--buyers", "lots"))
			.withMessageContaining("whole number");
		assertThatIllegalArgumentException().isThrownBy(() -> DriverOptions.parse("--buyers", "0"))
			.withMessageContaining("Buyers");
		assertThatIllegalArgumentException().isThrownBy(() -> DriverOptions.parse("--modes", "lock,optimistic"))
			.withMessageContaining("optimistic");
		assertThatIllegalArgumentException().isThrownBy(() -> DriverOptions.parse("--warmup", "-1"))
			.withMessageContaining("Warm-up");
		assertThatIllegalArgumentException().isThrownBy(() -> DriverOptions.parse("--timeout", "soon"))
			.withMessageContaining("soon");
		assertThatIllegalArgumentException().isThrownBy(() -> DriverOptions.parse("--urls", "localhost:8080"))
			.withMessageContaining("localhost:8080");
	}

	@Test
	void recognisesHelp() {
		assertThat(DriverOptions.wantsHelp("--stock", "1", "--help")).isTrue();
		assertThat(DriverOptions.wantsHelp("--stock", "1")).isFalse();
	}

	@Test
	void reportTableFlagsOversellingAndShowsOneRowPerMode() {
		SalePlan plan = new SalePlan(List.of(URI.create("http://localhost:8080")), 1, 100, 300, 16, BuyMode.UNSAFE);
		SaleProgress progress = new SaleProgress(300, 300, 130, 170, 0, 0, 0, 130, Duration.ofSeconds(2), 3.2, 9.8,
				null);
		SaleReport oversold = new SaleReport(plan, progress, new GoodsFigures(1, 0, 130, 100, 130));
		SaleReport right = new SaleReport(plan.withMode(BuyMode.ATOMIC), progress,
				new GoodsFigures(1, 0, 100, 100, 100));
		String table = ReportTable.format(List.of(right, oversold));
		assertThat(table.lines()).hasSize(3);
		assertThat(table.lines().skip(1).findFirst().orElseThrow()).startsWith("atomic")
			.contains("150.0")
			.endsWith("  ok");
		assertThat(table.lines().skip(2).findFirst().orElseThrow()).startsWith("unsafe")
			.contains("OVERSOLD", "STOCK+SOLD!=INITIAL");
		assertThat(oversold.oversold()).isEqualTo(30);
		assertThat(oversold.correct()).isFalse();
	}

}
