package io.github.distlock.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Processes racing for locks that have no row yet, released at once by a barrier: on every
 * database each lock goes to exactly one of them, and none gets an error (an insert that loses
 * the race to another, or a database that picks it as a deadlock's victim, is run once more).
 */
class JdbcLockerRaceTests {

	private static final int PROCESSES = 6;

	private static final int LOCKS = 30;

	@ParameterizedTest
	@EnumSource(TestDatabase.class)
	void exactlyOneProcessTakesEachNewLock(TestDatabase database) throws Exception {
		try (JdbcLockFixture fixture = new JdbcLockFixture(database)) {
			List<JdbcLocker> processes = new ArrayList<>();
			for (int i = 0; i < PROCESSES; i++) {
				processes.add(fixture.locker());
			}
			ExecutorService threads = Executors.newFixedThreadPool(PROCESSES);
			try {
				for (int lock = 0; lock < LOCKS; lock++) {
					assertThat(race(threads, processes, "new-" + lock)).as("winners of new-%d", lock).isOne();
				}
			}
			finally {
				threads.shutdownNow();
			}
		}
	}

	private static long race(ExecutorService threads, List<JdbcLocker> processes, String key) throws Exception {
		CyclicBarrier start = new CyclicBarrier(processes.size());
		List<Future<Boolean>> attempts = new ArrayList<>();
		for (JdbcLocker process : processes) {
			attempts.add(threads.submit(() -> {
				start.await(10, TimeUnit.SECONDS);
				return process.tryAcquire(key, "owner-" + System.identityHashCode(process), Duration.ofSeconds(30),
						Duration.ofSeconds(10)).acquired();
			}));
		}
		long winners = 0;
		for (Future<Boolean> attempt : attempts) {
			winners += attempt.get(30, TimeUnit.SECONDS) ? 1 : 0;
		}
		return winners;
	}

}
