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
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.github.distlock.core.Simulation.SimulatedProcess;
import io.github.distlock.store.Locker;
import io.github.distlock.test.support.internal.ExplorationPlan;
import io.github.distlock.test.support.internal.ExplorationTrace;
import io.github.distlock.test.support.internal.ExplorationWorker;

/**
 * One seeded run of the exploration (PROTOCOL.md, "Time and exploration"): simulated
 * processes, each a template with worker threads, on one simulated store, with the
 * invariants checked after every step; then, once the workers are done and the longest
 * lease has passed, the end state: nothing stranded in the store, nothing left in any
 * process.
 */
final class ExplorationRun {

	/**
	 * After the workload, how long (virtual) the run goes on for everything to settle.
	 */
	private static final Duration SETTLE = Duration.ofSeconds(5);

	private final Simulation simulation;

	private final ExplorationPlan plan;

	private final ExploredStore store;

	private final ExplorationTrace trace;

	private final ExplorationChecks checks;

	private final List<SimulatedProcess> processes = new ArrayList<>();

	private final List<DefaultLockTemplate> templates = new ArrayList<>();

	private final List<SimulatedThread> workers = new ArrayList<>();

	private ExplorationRun(Simulation simulation, Function<SimulatedRuntimeAndPlan, ExploredStore> stores) {
		this.simulation = simulation;
		this.plan = ExplorationPlan.draw(simulation.random());
		this.store = stores.apply(new SimulatedRuntimeAndPlan(simulation, this.plan));
		this.trace = new ExplorationTrace(simulation);
		this.checks = new ExplorationChecks(simulation, this.store, this.plan);
	}

	/**
	 * Runs the exploration of one seed.
	 * @param seed the seed, which decides everything in the run
	 * @param stores makes the run's simulated store, on the simulation's runtime
	 * @return what the run found
	 */
	static ExplorationOutcome explore(long seed, Function<SimulatedRuntimeAndPlan, ExploredStore> stores) {
		try (Simulation simulation = new Simulation(seed)) {
			return new ExplorationRun(simulation, stores).run();
		}
	}

	private ExplorationOutcome run() {
		long end = this.simulation.nanoTime() + this.plan.workload().toNanos();
		for (int p = 0; p < this.plan.processes(); p++) {
			startProcess("p" + p, end);
		}
		if (this.store instanceof SimulatedStore simulated) {
			simulated.startFaults(end);
		}
		if (this.plan.interrupts() || this.plan.pauses() || this.plan.stops()) {
			this.simulation.start(null, "controller", () -> control(end));
		}
		this.simulation.runUntil(end + SETTLE.toNanos() + this.plan.longestLease().toNanos(), this::afterStep);
		if (this.simulation.failures().isEmpty()) {
			checkEndState();
		}
		return new ExplorationOutcome(this.simulation.seed(), this.plan, this.store, this.simulation.steps(),
				this.simulation.failures(), this.trace.toString());
	}

	private void startProcess(String name, long end) {
		Locker locker = this.store.process(name);
		SimulatedProcess process = this.simulation.process(name, locker);
		DefaultLockTemplate template = new DefaultLockTemplate(locker, this.plan.settings(), List.of(), name, process);
		this.processes.add(process);
		this.templates.add(template);
		for (int t = 0; t < this.plan.threadsPerProcess(); t++) {
			String worker = name + "-w" + t;
			this.workers.add(this.simulation.start(process, worker, new ExplorationWorker(worker, template, this.plan,
					this.simulation, process, "", this.checks, this.trace, end)));
		}
	}

	/**
	 * Interrupts workers, pauses processes, stops and starts templates, at random
	 * moments.
	 */
	private void control(long end) {
		Random random = this.simulation.random();
		while (this.simulation.nanoTime() - end < 0) {
			this.simulation.pass(TimeUnit.MILLISECONDS.toNanos(50 + random.nextInt(400)));
			int p = random.nextInt(this.processes.size());
			if (this.plan.interrupts() && random.nextBoolean()) {
				SimulatedThread worker = this.workers.get(random.nextInt(this.workers.size()));
				this.trace.log("controller interrupts " + worker);
				worker.interrupt();
			}
			if (this.plan.pauses() && random.nextInt(4) == 0) {
				long pause = TimeUnit.MILLISECONDS.toNanos(50 + random.nextInt(1_500));
				this.trace.log("controller pauses " + this.processes.get(p) + " for " + ExplorationTrace.millis(pause)
						+ " ms");
				this.processes.get(p).pause(pause);
			}
			if (this.plan.stops() && random.nextInt(4) == 0) {
				this.trace.log("controller stops and starts the template of " + this.processes.get(p));
				this.templates.get(p).stop();
				this.simulation.pass(TimeUnit.MILLISECONDS.toNanos(random.nextInt(200)));
				this.templates.get(p).start();
			}
		}
	}

	/**
	 * The invariants, and the work a process has scheduled stays bounded: a renewal timer
	 * per claim, a release per minimum hold, a clean-up round, the renewal senders.
	 */
	private void afterStep() {
		this.checks.afterStep();
		int bound = 2 * (this.plan.keys() + this.plan.threadsPerProcess()) + RenewalSenders.SENDERS + 1;
		for (SimulatedProcess process : this.processes) {
			if (process.pendingTasks() > bound) {
				fail(process + " has " + process.pendingTasks() + " tasks scheduled, more than " + bound);
			}
		}
	}

	/**
	 * Once everything settled: nothing stranded in the store, nothing left in any
	 * process.
	 */
	private void checkEndState() {
		for (SimulatedThread worker : this.workers) {
			if (!worker.hasEnded()) {
				fail(worker + " never finished: it waits for ever");
			}
		}
		if (this.store.subscriptions() != 0) {
			fail("The store still counts " + this.store.subscriptions()
					+ " subscription(s) when nobody waits (invariant 11)");
		}
		for (int k = 0; k < this.plan.keys(); k++) {
			String owner = this.store.ownerAt("k" + k);
			if (owner != null) {
				fail("'k" + k + "' is still held in the store by " + owner + ", long after every worker let go");
			}
		}
		for (int p = 0; p < this.processes.size(); p++) {
			DefaultLockTemplate template = this.templates.get(p);
			if (template.localLockCount() != 0 || template.pendingReleases() != 0) {
				fail(this.processes.get(p) + " still has " + template.localLockCount() + " local lock(s) and "
						+ template.pendingReleases() + " release(s) pending after every worker let go");
			}
			int tasks = this.processes.get(p).pendingTasks();
			if (tasks != 0) {
				fail(this.processes.get(p) + " still has " + tasks + " task(s) scheduled after every worker let go");
			}
		}
	}

	private void fail(String what) {
		this.simulation.failed(new AssertionError(what));
	}

	/**
	 * What a store of the run is made from: the simulation's runtime, and the plan of the
	 * run.
	 */
	record SimulatedRuntimeAndPlan(Simulation runtime, ExplorationPlan plan) {
	}

}
