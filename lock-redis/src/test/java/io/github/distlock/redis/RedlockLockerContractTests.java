package io.github.distlock.redis;

import java.time.Duration;
import java.util.Map;

import io.github.distlock.core.AbstractLockerContractTests;
import io.github.distlock.store.Locker;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@link Locker} contract run against {@link RedlockLocker} on five independent Redis masters:
 * a Redlock store answers every operation as a single Redis does.
 */
class RedlockLockerContractTests extends AbstractLockerContractTests {

	@RegisterExtension
	static final RedlockNodes nodes = new RedlockNodes(5);

	private RedlockLocker locker;

	private RedlockLocker otherProcess;

	@BeforeEach
	void createProcesses() {
		this.locker = nodes.process(RedisLocker.GIVE_WAY);
		this.otherProcess = nodes.process(RedisLocker.GIVE_WAY);
	}

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
		return nodes.process(giveWay);
	}

	@Override
	protected void loseAllData() {
		nodes.restartAllEmpty();
	}

	@Override
	protected Map<String, Long> timesToLive() {
		return nodes.timesToLive();
	}

	/** Fewer than on one node: each lock costs five nodes' work, and fencing two calls on each. */
	@Override
	protected int footprintLocks() {
		return 2_000;
	}

}
