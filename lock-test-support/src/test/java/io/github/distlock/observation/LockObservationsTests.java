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

package io.github.distlock.observation;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;

import io.github.distlock.LockHandle;
import io.github.distlock.LockStoreException;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.core.WatchdogSettings;
import io.github.distlock.memory.InMemoryLocker;
import io.github.distlock.test.support.FaultInjectingLocker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The observations of {@link LockObservations} after known work, through a template over
 * an in-memory store, recorded by Micrometer's {@link TestObservationRegistry}.
 */
class LockObservationsTests {

	private final TestObservationRegistry registry = TestObservationRegistry.create();

	private final FaultInjectingLocker locker = new FaultInjectingLocker(new InMemoryLocker());

	private final DefaultLockTemplate template = new DefaultLockTemplate(this.locker,
			WatchdogSettings.watchdogLease(Duration.ofSeconds(30)), List.of(new LockObservations(this.registry)));

	private final ExecutorService otherThread = Executors.newSingleThreadExecutor();

	private final List<Observation.Context> started = new CopyOnWriteArrayList<>();

	private final List<Observation.Context> stopped = new CopyOnWriteArrayList<>();

	LockObservationsTests() {
		this.registry.observationConfig().observationHandler(new ObservationHandler<>() {

			@Override
			public void onStart(Observation.Context context) {
				LockObservationsTests.this.started.add(context);
			}

			@Override
			public void onStop(Observation.Context context) {
				LockObservationsTests.this.stopped.add(context);
			}

			@Override
			public boolean supportsContext(Observation.Context context) {
				return true;
			}

		});
	}

	@AfterEach
	void tearDown() {
		this.otherThread.shutdownNow();
		this.template.close();
	}

	@Test
	void acquiringAndHoldingAreObservedAsChildrenOfTheRequestNamedButNotKeyed() {
		Observation request = Observation.start("http.server.requests", this.registry);
		try (Observation.Scope scope = request.openScope()) {
			this.template.tryAcquire("goods:42", Duration.ofSeconds(5), Duration.ZERO).orElseThrow().close();
		}
		request.stop();
		TestObservationRegistryAssert.assertThat(this.registry)
			.hasObservationWithNameEqualTo("distlock.acquire")
			.that()
			.hasParentObservationEqualTo(request)
			.hasLowCardinalityKeyValue("name", "goods")
			.hasLowCardinalityKeyValue("outcome", "acquired")
			.hasHighCardinalityKeyValue("key", "goods:42")
			.doesNotHaveLowCardinalityKeyValueWithKey("key");
		TestObservationRegistryAssert.assertThat(this.registry)
			.hasObservationWithNameEqualTo("distlock.hold")
			.that()
			.hasParentObservationEqualTo(request)
			.hasLowCardinalityKeyValue("name", "goods");
		assertEveryObservationStopped();
	}

	@Test
	void aBusyLockAndAFailingStoreEndTheAcquisitionWithTheirOutcome() throws Exception {
		try (LockHandle held = this.otherThread
			.submit(() -> this.template.tryAcquire("goods:1", Duration.ofSeconds(5), Duration.ZERO).orElseThrow())
			.get(10, TimeUnit.SECONDS)) {
			assertThat(this.template.tryAcquire("goods:1", Duration.ofSeconds(5), Duration.ZERO)).isEmpty();
		}
		this.locker.before("acquire", () -> {
			throw new IllegalStateException("store down");
		});
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> this.template.tryAcquire("goods:2", Duration.ofSeconds(5), Duration.ZERO));
		TestObservationRegistryAssert.assertThat(this.registry)
			.hasAnObservation((observation) -> observation.hasNameEqualTo("distlock.acquire")
				.hasLowCardinalityKeyValue("outcome", "busy"))
			.hasAnObservation((observation) -> observation.hasNameEqualTo("distlock.acquire")
				.hasLowCardinalityKeyValue("outcome", "failed")
				.hasError());
		assertEveryObservationStopped();
	}

	@Test
	void whatTheStoreObservesWhileALockIsTakenIsPartOfTheAcquisition() {
		this.locker.before("acquire", () -> Observation.start("redis.evalsha", this.registry).stop());
		Observation request = Observation.start("http.server.requests", this.registry);
		try (Observation.Scope scope = request.openScope()) {
			this.template.tryAcquire("goods:42", Duration.ofSeconds(5), Duration.ZERO).orElseThrow().close();
		}
		request.stop();
		Observation.Context acquire = this.started.stream()
			.filter((context) -> context.getName().equals("distlock.acquire"))
			.findFirst()
			.orElseThrow();
		TestObservationRegistryAssert.assertThat(this.registry)
			.hasObservationWithNameEqualTo("redis.evalsha")
			.that()
			.hasParentObservationContextMatching((parent) -> parent == acquire);
		assertThat(this.registry.getCurrentObservation()).isNull();
	}

	@Test
	void anErrorWhileALockIsTakenStillEndsTheAcquisitionAndLeavesNothingCurrent() {
		this.locker.before("acquire", () -> {
			throw new StackOverflowError("deep");
		});
		assertThatExceptionOfType(StackOverflowError.class)
			.isThrownBy(() -> this.template.tryAcquire("goods:3", Duration.ofSeconds(5), Duration.ZERO));
		assertThat(this.registry.getCurrentObservation()).isNull();
		assertEveryObservationStopped();
	}

	@Test
	void aLockLetGoOfOnAnotherThreadEndsItsHoldThereAndNestedHoldsEndInOrder() throws Exception {
		LockHandle outer = this.template.tryAcquire("jobs:report", null, Duration.ZERO).orElseThrow();
		LockHandle nested = this.template.tryAcquire("jobs:report", null, Duration.ZERO).orElseThrow();
		nested.close();
		this.otherThread.submit(outer::close).get(10, TimeUnit.SECONDS);
		TestObservationRegistryAssert.assertThat(this.registry)
			.hasNumberOfObservationsWithNameEqualTo("distlock.hold", 2);
		assertEveryObservationStopped();
	}

	@Test
	void aHolderWhoseLeaseRanOutEndsItsOwnHoldNotThatOfTheWaiterWhoTookTheLockOver() throws Exception {
		LockHandle expired = this.template.tryAcquire("goods:1", Duration.ofMillis(200), Duration.ZERO).orElseThrow();
		LockHandle next = this.otherThread.submit(
				() -> this.template.tryAcquire("goods:1", Duration.ofSeconds(30), Duration.ofSeconds(10)).orElseThrow())
			.get(20, TimeUnit.SECONDS);
		List<Observation.Context> holds = this.started.stream()
			.filter((context) -> context.getName().equals("distlock.hold"))
			.toList();
		assertThat(holds).hasSize(2);
		expired.close();
		assertThat(this.stopped).contains(holds.get(0)).doesNotContain(holds.get(1));
		next.close();
		assertThat(this.stopped).contains(holds.get(1));
	}

	private void assertEveryObservationStopped() {
		TestObservationRegistryAssert.assertThat(this.registry)
			.hasHandledContextsThatSatisfy(
					(contexts) -> assertThat(this.stopped).containsExactlyInAnyOrderElementsOf(contexts));
	}

}
