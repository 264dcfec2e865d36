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

package io.github.distlock.zookeeper.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.retry.RetryOneTime;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.github.distlock.LockTemplate;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.MissingLockTemplateException;
import io.github.distlock.store.Locker;
import io.github.distlock.test.support.LockStoreRegistration;
import io.github.distlock.zookeeper.ZooKeeperLocker;
import io.github.distlock.zookeeper.ZooKeeperServers;

import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.cloud.zookeeper.ZookeeperAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ZooKeeperLockAutoConfiguration} on a real ZooKeeper server: a client of its own
 * or the application's, and {@code @DistributedLock} methods locking through it.
 */
@ExtendWith(OutputCaptureExtension.class)
class ZooKeeperLockAutoConfigurationTests {

	private final String basePath = "/distlock-" + UUID.randomUUID();

	private final CountingServices.Tally tally = new CountingServices.Tally();

	private final CuratorFramework admin = ZooKeeperServers.client();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class, DistributedLockAutoConfiguration.class))
		.withPropertyValues("distlock.zookeeper.base-path=" + this.basePath)
		.withBean(CountingServices.class, () -> new CountingServices(this.tally));

	private final ApplicationContextRunner ownClient = this.runner
		.withPropertyValues("distlock.zookeeper.connect-string=" + ZooKeeperServers.connectString());

	@AfterEach
	void closeAdmin() {
		this.admin.close();
	}

	@Test
	void storeIsRegisteredWhereDistlockFindsStores() {
		LockStoreRegistration.assertRegistered(ZooKeeperLockAutoConfiguration.class, "zookeeper");
	}

	@Test
	void locksAnnotatedMethodInZooKeeperOnItsOwnClient() {
		this.ownClient.withPropertyValues("distlock.key-prefix=orders").run((context) -> {
			assertThat(context).hasSingleBean(ZooKeeperLocker.class).hasSingleBean(LockTemplate.class);
			List<String> nodesWhileHeld = new ArrayList<>();
			long token = context.getBean(CountingServices.class)
				.whileHolding(42, () -> nodesWhileHeld.addAll(children(this.basePath + "/orders%3Agoods%3A42")));
			assertThat(nodesWhileHeld).hasSize(1);
			assertThat(token).isPositive();
			assertThat(children(this.basePath + "/orders%3Agoods%3A42")).isEmpty();
		});
	}

	@Test
	void closesItsOwnClientAtShutdown() {
		CuratorFramework[] client = new CuratorFramework[1];
		this.ownClient.run((context) -> client[0] = context.getBean(LockCuratorClient.class).client());
		assertThat(client[0].getState()).isEqualTo(CuratorFrameworkState.STOPPED);
	}

	@Test
	void usesApplicationsClientAndLeavesItOpen() {
		CuratorFramework application = ZooKeeperServers.client();
		try {
			// An application whose client outlives the context (Spring would otherwise
			// close a Closeable bean).
			this.runner
				.withBean(CuratorFramework.class, () -> application,
						(definition) -> ((AbstractBeanDefinition) definition).setDestroyMethodName(""))
				.run((context) -> {
					assertThat(context).doesNotHaveBean(LockCuratorClient.class).hasSingleBean(ZooKeeperLocker.class);
					assertThat(context.getBean(CountingServices.class).whileHolding(7, () -> {
					})).isPositive();
				});
			assertThat(application.getState()).isEqualTo(CuratorFrameworkState.STARTED);
		}
		finally {
			application.close();
		}
	}

	@Test
	void warnsOnceThatItsTimeoutsDoNotApplyToTheApplicationsClient(CapturedOutput output) {
		this.runner.withBean(CuratorFramework.class, ZooKeeperLockAutoConfigurationTests::unstartedClient)
			.withPropertyValues("distlock.zookeeper.session-timeout=10s", "distlock.zookeeper.connection-timeout=2s")
			.run((context) -> assertThat(context).hasSingleBean(ZooKeeperLocker.class));
		assertThat(output.getOut().lines().filter((line) -> line.contains("WARN") && line.contains("ignored")))
			.singleElement(InstanceOfAssertFactories.STRING)
			.contains("distlock.zookeeper.session-timeout and distlock.zookeeper.connection-timeout ignored",
					"the application's CuratorFramework");
	}

	@Test
	void doesNotWarnOfTimeoutsLeftUnsetOnTheApplicationsClient(CapturedOutput output) {
		this.runner.withBean(CuratorFramework.class, ZooKeeperLockAutoConfigurationTests::unstartedClient)
			.run((context) -> assertThat(context).hasSingleBean(ZooKeeperLocker.class));
		assertThat(output.getOut()).doesNotContain("distlock.zookeeper.session-timeout");
	}

	@Test
	void failsStartupWithoutClientNorConnectString() {
		this.runner.run((context) -> assertThat(context).hasFailed()
			.getFailure()
			.isInstanceOf(MissingLockTemplateException.class));
	}

	@Test
	void usesClientOfSpringCloudZookeeper() {
		this.runner.withConfiguration(AutoConfigurations.of(ZookeeperAutoConfiguration.class)).run((context) -> {
			assertThat(context).hasSingleBean(ZooKeeperLocker.class).doesNotHaveBean(LockCuratorClient.class);
			assertThat(context.getBean(CountingServices.class).whileHolding(8, () -> {
			})).isPositive();
		});
	}

	@Test
	void failsStartupNamingSeveralClientsWithoutPrimary() {
		this.runner
			.withBean("ordersClient", CuratorFramework.class, ZooKeeperLockAutoConfigurationTests::unstartedClient)
			.withBean("billingClient", CuratorFramework.class, ZooKeeperLockAutoConfigurationTests::unstartedClient)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContainingAll("ordersClient", "billingClient", "@Primary"));
	}

	@Test
	void failsStartupOnBasePathNotFromRoot() {
		this.ownClient.withPropertyValues("distlock.zookeeper.base-path=distlock")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(IllegalArgumentException.class)
				.hasMessageContainingAll("distlock.zookeeper.base-path", "must start with '/'"));
	}

	@Test
	void backsOffWhenDisabled() {
		this.ownClient.withPropertyValues("distlock.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(Locker.class)
				.doesNotHaveBean(LockCuratorClient.class));
	}

	@Test
	void annotatedMethodExcludesThreadsOfTwoProcesses() {
		this.ownClient.run((first) -> this.ownClient.run((second) -> {
			ExecutorService threads = Executors.newFixedThreadPool(4);
			try {
				List<Future<?>> workers = new ArrayList<>();
				for (int thread = 0; thread < 4; thread++) {
					CountingServices services = ((thread % 2 == 0) ? first : second).getBean(CountingServices.class);
					workers.add(threads.submit(() -> {
						for (int i = 0; i < 25; i++) {
							services.increment();
						}
					}));
				}
				for (Future<?> worker : workers) {
					worker.get(2, TimeUnit.MINUTES);
				}
			}
			finally {
				threads.shutdownNow();
			}
			assertThat(this.tally.value()).isEqualTo(100);
		}));
	}

	private static CuratorFramework unstartedClient() {
		return CuratorFrameworkFactory.newClient(ZooKeeperServers.connectString(), new RetryOneTime(100));
	}

	private List<String> children(String path) {
		try {
			return (this.admin.checkExists().forPath(path) != null) ? this.admin.getChildren().forPath(path)
					: List.of();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
