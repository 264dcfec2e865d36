package io.github.distlock.memory;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Memory of {@link InMemoryStore} in an application that runs on it for long.
 */
class InMemoryStoreTests {

	private static final Duration LEASE = Duration.ofMillis(1);

	private final InMemoryStore store = new InMemoryStore();

	@Test
	void keysNobodyReadsAgainAreDroppedOnceExpired() throws InterruptedException {
		for (int i = 0; i < 1023; i++) {
			this.store.acquire("once:" + i, "owner", LEASE, Duration.ZERO, "process");
		}
		Thread.sleep(LEASE.multipliedBy(5).toMillis());
		this.store.acquire("last", "owner", Duration.ofMinutes(1), Duration.ZERO, "process");
		assertThat(this.store.size()).isOne();
		assertThat(this.store.timesToLive()).containsOnlyKeys("{last}");
	}

}
