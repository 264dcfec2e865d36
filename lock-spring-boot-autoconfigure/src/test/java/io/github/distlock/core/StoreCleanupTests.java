package io.github.distlock.core;

import java.util.concurrent.CountDownLatch;

import io.github.distlock.memory.InMemoryLocker;
import org.junit.jupiter.api.Test;

import static io.github.distlock.core.TemplateTesting.block;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Background releases after failed calls: bounded while the store does not answer.
 */
class StoreCleanupTests {

	@Test
	void queueStaysBoundedWhileTheStoreHangs() {
		FaultInjectingLocker locker = new FaultInjectingLocker(new InMemoryLocker());
		CountDownLatch storeBack = new CountDownLatch(1);
		locker.before("release", () -> block(storeBack));
		try (StoreCleanup cleanup = new StoreCleanup(locker)) {
			for (int i = 0; i < StoreCleanup.CAPACITY * 2; i++) {
				cleanup.releaseLater("k" + i, "owner");
			}
			assertThat(cleanup.queued()).isLessThanOrEqualTo(StoreCleanup.CAPACITY);
			storeBack.countDown();
		}
	}

}
