package io.github.distlock.core;

import java.time.Duration;
import java.util.Map;

import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.store.Locker;

/**
 * The {@link Locker} contract run against {@link InMemoryLocker}, so that tests of the
 * backend-neutral logic, and applications tested with {@code distlock.store=in-memory}, may trust
 * it to answer as Redis does.
 */
class InMemoryLockerContractTests extends AbstractLockerContractTests {

	private final InMemoryLocker locker = new InMemoryLocker();

	private final InMemoryLocker otherProcess = this.locker.otherProcess();

	@Override
	protected Locker locker() {
		return this.locker;
	}

	@Override
	protected Locker otherProcess() {
		return this.otherProcess;
	}

	@Override
	protected Locker processGivingWayFor(Duration giveWay) {
		return this.locker.otherProcess(giveWay);
	}

	@Override
	protected void loseAllData() {
		this.locker.clear();
	}

	@Override
	protected Map<String, Long> timesToLive() {
		return this.locker.timesToLive();
	}

}
