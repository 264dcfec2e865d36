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

package io.github.distlock.core;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.AfterEach;

import io.github.distlock.core.SimulatedStore.Kind;
import io.github.distlock.store.Locker;
import io.github.distlock.test.support.AbstractLockerContractTests;

/**
 * The {@link Locker} contract run against the exploration's {@link SimulatedStore},
 * without faults and on the real clock ({@link RealTimeSimulation}), so that what the
 * exploration finds holds for the stores it stands for: the lease store answers as Redis
 * and JDBC do, and {@link SimulatedSessionStoreContractTests the session store} as
 * ZooKeeper does.
 */
class SimulatedStoreContractTests extends AbstractLockerContractTests {

	private final SimulatedStore store = new SimulatedStore(new Simulation(System.nanoTime()), kind(),
			StoreFaults.NONE);

	private final RealTimeSimulation simulation = new RealTimeSimulation(this.store.simulation());

	private final Locker locker = process("p0", this.store.process("p0"));

	private final Locker otherProcess = process("p1", this.store.process("p1"));

	Kind kind() {
		return Kind.LEASE;
	}

	@AfterEach
	void stopSimulation() {
		this.simulation.close();
	}

	private Locker process(String name, Locker client) {
		this.store.simulation().process(name, client);
		return this.simulation.callableFromOutside(client);
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
		return process("giving-way", this.store.process("giving-way", giveWay.toNanos()));
	}

	@Override
	protected void loseAllData() {
		call(() -> {
			this.store.loseData(Long.MAX_VALUE);
			return null;
		});
	}

	@Override
	protected Map<String, Long> timesToLive() {
		return call(this.store::timesToLive);
	}

	/**
	 * Each lock's cycle runs several simulated threads, so fewer locks than the default.
	 */
	@Override
	protected int footprintLocks() {
		return 2_000;
	}

	@Override
	protected boolean expiresByLease() {
		return kind() == Kind.LEASE;
	}

	@Override
	protected boolean givesWayForAWindow() {
		return kind() == Kind.LEASE;
	}

	private <T> T call(Callable<T> body) {
		try {
			return this.simulation.call(body);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
