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

package org.example.mapstore;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockAssert;
import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.DistributedLockEndpointAutoConfiguration;
import io.github.distlock.autoconfigure.DistributedLockHealthAutoConfiguration;
import io.github.distlock.autoconfigure.MissingLockTemplateException;
import io.github.distlock.endpoint.LocksEndpoint;
import io.github.distlock.endpoint.LocksEndpoint.LockDescriptor;
import io.github.distlock.store.Acquisition;
import io.github.distlock.store.Locker;
import io.github.distlock.store.StoredLock;
import io.github.distlock.test.support.LockStoreRegistration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.IndicatedHealthDescriptor;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.NestedExceptionUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A store written outside distlock, {@link MapLocker}, is chosen by
 * {@code distlock.store}, locks for the template and the annotation, and shows in the
 * Actuator endpoint and health as distlock's own stores do. Its
 * {@code ConditionalOnLockStore.imports} is written into a directory of these tests' own
 * class loader: on the module's class path it would make {@code map} a store of every
 * other test here.
 */
class ThirdPartyStoreTests {

	private static final String STORE_INDEX = "META-INF/spring/"
			+ "io.github.distlock.autoconfigure.ConditionalOnLockStore.imports";

	private static final String AUTO_CONFIGURATION_INDEX = "META-INF/spring/"
			+ "org.springframework.boot.autoconfigure.AutoConfiguration.imports";

	private static final AutoConfigurations STORE_AND_LOCKS = AutoConfigurations.of(MapLockStoreAutoConfiguration.class,
			DistributedLockAutoConfiguration.class);

	@TempDir
	Path classPath;

	private URLClassLoader classLoader;

	private ApplicationContextRunner runner;

	@BeforeEach
	void listTheStore() throws IOException {
		for (String list : new String[] { STORE_INDEX, AUTO_CONFIGURATION_INDEX }) {
			Path index = this.classPath.resolve(list);
			Files.createDirectories(index.getParent());
			Files.writeString(index, MapLockStoreAutoConfiguration.class.getName() + "\n");
		}
		this.classLoader = new URLClassLoader(new URL[] { this.classPath.toUri().toURL() },
				getClass().getClassLoader());
		this.runner = new ApplicationContextRunner().withClassLoader(this.classLoader)
			.withConfiguration(STORE_AND_LOCKS);
	}

	@AfterEach
	void closeClassLoader() throws IOException {
		this.classLoader.close();
	}

	@Test
	void listedAsTheKitChecks() {
		// tag::registration[]
		LockStoreRegistration.assertRegistered(MapLockStoreAutoConfiguration.class, "map", this.classLoader);
		// end::registration[]
		assertThatExceptionOfType(AssertionError.class).as("a store listed nowhere")
			.isThrownBy(() -> LockStoreRegistration.assertRegistered(MapLockStoreAutoConfiguration.class, "map"))
			.withMessageContaining("MapLockStoreAutoConfiguration is listed in META-INF/spring/");
	}

	@Test
	void distlockStoreChoosesItAndTheTemplateLocksInIt() {
		this.runner.withPropertyValues("distlock.store=map").run((context) -> {
			assertThat(context).hasSingleBean(Locker.class).hasSingleBean(LockTemplate.class);
			MapLocker locker = context.getBean(MapLocker.class);
			try (LockHandle held = hold(context.getBean(LockTemplate.class))) {
				assertThat(locker.find("orders:7")).isPresent();
				Acquisition elsewhere = locker.otherProcess()
					.tryAcquire("orders:7", "elsewhere", Duration.ofSeconds(30), Duration.ZERO);
				assertThat(elsewhere).as("held for another process on the same map")
					.returns(false, Acquisition::acquired);
			}
			assertThat(locker.find("orders:7")).isEmpty();
		});
	}

	@Test
	void annotatedMethodsRunUnderItsLocks() {
		this.runner.withPropertyValues("distlock.store=map").withBean(Orders.class).run((context) -> {
			Orders orders = context.getBean(Orders.class);
			assertThat(AopUtils.isAopProxy(orders)).isTrue();
			assertThat(orders.place(8)).as("the lock in the store while the method ran").isPresent();
			assertThat(context.getBean(MapLocker.class).find("orders:8")).isEmpty();
		});
	}

	@Test
	void chosenWhenUnnamedAndAloneOnTheClassPath() {
		this.runner
			.run((context) -> assertThat(context).hasSingleBean(MapLocker.class).hasSingleBean(LockTemplate.class));
	}

	@Test
	void notAStoreWhileItsImportsFileIsNotOnTheClassPath() {
		new ApplicationContextRunner().withConfiguration(STORE_AND_LOCKS)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(Locker.class)
				.doesNotHaveBean(LockTemplate.class));
	}

	@Test
	void unknownStoreFailsStartupNamingItAmongTheAvailableStores() {
		this.runner.withPropertyValues("distlock.store=mongo").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOfSatisfying(MissingLockTemplateException.class,
						(ex) -> assertThat(ex.getAvailableStores()).containsExactly("map"))
				.hasMessage("distlock.store=mongo names no store on the class path; available: map");
		});
	}

	@Test
	void locksEndpointShowsItsLocksAndTheirHolder() {
		withActuator().run((context) -> {
			LocksEndpoint endpoint = context.getBean(LocksEndpoint.class);
			try (LockHandle held = hold(context.getBean(LockTemplate.class))) {
				assertThat(endpoint.locks().held()).singleElement().satisfies((lock) -> {
					assertThat(lock.name()).isEqualTo("orders");
					assertThat(lock.key()).isEqualTo("7");
					assertThat(lock.watchdog()).isTrue();
				});
				LockDescriptor lock = endpoint.lock("orders", new String[] { "7" });
				assertThat(lock.held()).isTrue();
				assertThat(lock.holder()).satisfies((holder) -> {
					assertThat(holder.instance()).startsWith("orders-app (pid ");
					assertThat(holder.thisInstance()).isTrue();
					assertThat(holder.since()).isNotNull();
					assertThat(holder.leaseLeftMillis()).isPositive();
				});
			}
			assertThat(endpoint.lock("orders", new String[] { "7" }).held()).isFalse();
		});
	}

	@Test
	void locksEndpointNamesAHolderOfAnotherInstance() {
		withActuator().run((context) -> {
			MapLocker locker = context.getBean(MapLocker.class);
			ApplicationContextRunner billing = this.runner.withPropertyValues("spring.application.name=billing")
				.withBean(MapLocker.class, locker::otherProcess);
			billing.run((elsewhere) -> {
				try (LockHandle held = hold(elsewhere.getBean(LockTemplate.class))) {
					LockDescriptor lock = context.getBean(LocksEndpoint.class).lock("orders", new String[] { "7" });
					assertThat(lock.held()).isTrue();
					assertThat(lock.holder()).satisfies((holder) -> {
						assertThat(holder.instance()).startsWith("billing (pid ");
						assertThat(holder.thisInstance()).isFalse();
					});
					assertThat(lock.local().held()).isEmpty();
				}
			});
		});
	}

	@Test
	void healthIsUpWithTheDetailsOfAStoreWithoutNotices() {
		withActuator().run((context) -> {
			HealthEndpoint healthEndpoint = context.getBean(HealthEndpoint.class);
			IndicatedHealthDescriptor health = (IndicatedHealthDescriptor) healthEndpoint.healthForPath("distlock");
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("store", "answers")
				.containsEntry("releaseNotices", "none in this lock store: waiters look again every 200 ms")
				.containsEntry("leasesLostInLast5Minutes", 0);
		});
	}

	/** Takes {@code orders:7}, its lease kept by the watchdog. */
	private static LockHandle hold(LockTemplate template) {
		return template.tryAcquire("orders:7", null, Duration.ZERO).orElseThrow();
	}

	/**
	 * The store chosen by name, with distlock's endpoint and health indicator in Boot's
	 * health endpoint.
	 */
	private ApplicationContextRunner withActuator() {
		return this.runner
			.withConfiguration(AutoConfigurations.of(DistributedLockEndpointAutoConfiguration.class,
					DistributedLockHealthAutoConfiguration.class, HealthContributorAutoConfiguration.class,
					HealthContributorRegistryAutoConfiguration.class, HealthEndpointAutoConfiguration.class))
			.withPropertyValues("distlock.store=map", "spring.application.name=orders-app",
					"management.endpoints.web.exposure.include=health,locks",
					"management.endpoint.health.show-details=always");
	}

	/**
	 * A service of the application, its method guarded by a lock in whichever store is
	 * chosen.
	 */
	static class Orders {

		private final Locker locker;

		Orders(Locker locker) {
			this.locker = locker;
		}

		@DistributedLock(name = "orders", key = "#id")
		public Optional<StoredLock> place(long id) {
			LockAssert.assertLocked("orders:" + id);
			return this.locker.find("orders:" + id);
		}

	}

}
