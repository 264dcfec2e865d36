package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * SCRATCH first version: explores seeds on the tiny store.
 */
class ExplorationTests {

	@Test
	void seedsBreakNoInvariant() {
		String replay = System.getProperty("exploration.seed");
		List<Long> seeds = new ArrayList<>();
		if (replay != null) {
			seeds.add(Long.parseLong(replay));
		}
		else {
			long first = ThreadLocalRandom.current().nextLong();
			for (int i = 0; i < Integer.getInteger("exploration.runs", 20); i++) {
				seeds.add(first + i);
			}
		}
		long started = System.nanoTime();
		long steps = 0;
		for (long seed : seeds) {
			ExplorationOutcome outcome = ExplorationRun.explore(seed, (made) -> new TinyLeaseStore(made.runtime()));
			steps += outcome.steps();
			assertThat(outcome.failed()).as(() -> outcome.report()).isFalse();
		}
		System.out.println(seeds.size() + " runs, " + steps + " steps in " + Duration.ofNanos(System.nanoTime() - started));
	}

}
