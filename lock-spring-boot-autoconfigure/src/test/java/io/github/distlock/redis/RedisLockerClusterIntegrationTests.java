package io.github.distlock.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import io.github.distlock.core.Acquisition;
import io.github.distlock.core.LeaseRequest;
import io.github.distlock.core.Release;
import io.github.distlock.core.Renewal;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.embedded.RedisServer;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@link RedisLocker} on a Redis Cluster of one node that serves every slot, which refuses a
 * script whose keys lie in different slots as a larger cluster does: renewals of many locks are
 * cut by slot, and every operation works.
 */
class RedisLockerClusterIntegrationTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static Path directory;

	private static RedisServer node;

	private static LettuceConnectionFactory connectionFactory;

	private final RedisLockers lockers = new RedisLockers("cluster-" + UUID.randomUUID());

	@BeforeAll
	static void startCluster() throws IOException {
		directory = Files.createTempDirectory("redis-cluster-");
		int port = freePort();
		node = RedisServer.newRedisServer()
			.port(port)
			.bind("127.0.0.1")
			.setting("cluster-enabled yes")
			.setting("cluster-config-file " + directory.resolve("nodes.conf"))
			.setting("dir " + directory)
			.setting("save \"\"")
			.build();
		node.start();
		assignEverySlot(port);
		connectionFactory = RedisConnections.cluster(port);
	}

	@AfterAll
	static void stopCluster() throws IOException {
		connectionFactory.destroy();
		node.stop();
		try (var files = Files.walk(directory)) {
			files.sorted(java.util.Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
		}
	}

	@AfterEach
	void closeLockers() {
		this.lockers.close();
	}

	@Test
	void renewsLocksOfManySlotsInCallersOrder() {
		RedisLocker locker = this.lockers.create(connectionFactory, RedisLocker.GIVE_WAY);
		List<LeaseRequest> leases = new ArrayList<>();
		List<Renewal> expected = new ArrayList<>();
		for (int i = 0; i < 300; i++) {
			String key = "many:" + UUID.randomUUID();
			leases.add(new LeaseRequest(key, "owner", LEASE));
			boolean held = i % 3 != 0;
			if (held) {
				locker.tryAcquire(key, "owner", LEASE, Duration.ZERO);
			}
			expected.add(held ? Renewal.RENEWED : Renewal.LOST);
		}
		assertThat(leases.stream().map((lease) -> ClusterSlotHashUtil.calculateSlot(lease.key())).distinct().count())
			.isGreaterThan(100);
		assertThat(locker.renew(leases)).isEqualTo(expected);
	}

	@Test
	void everyOperationWorksAndWaitersAreTold() throws InterruptedException {
		RedisLocker holder = this.lockers.create(connectionFactory, RedisLocker.GIVE_WAY);
		RedisLocker waiter = this.lockers.create(connectionFactory, RedisLocker.GIVE_WAY);
		BlockingQueue<String> notices = new LinkedBlockingQueue<>();
		waiter.onRelease(notices::add);
		await().atMost(Duration.ofSeconds(10)).until(waiter::releaseNoticesActive);
		assertThat(holder.tryAcquire("goods:42", "holder", LEASE, Duration.ZERO)).isEqualTo(Acquisition.ACQUIRED);
		assertThat(holder.fence("goods:42", "holder")).isPositive();
		assertThat(waiter.tryAcquire("goods:42", "waiter", LEASE, LEASE).holderLease()).isPositive();
		assertThat(holder.renew(List.of(new LeaseRequest("goods:42", "holder", LEASE))))
			.containsExactly(Renewal.RENEWED_OTHERS_WAITING);
		assertThat(holder.giveWay("goods:42", "holder")).isEqualTo(Release.RELEASED);
		assertThat(notices.poll(10, TimeUnit.SECONDS)).isEqualTo("goods:42");
		assertThat(waiter.tryAcquire("goods:42", "waiter", LEASE, Duration.ZERO)).isEqualTo(Acquisition.ACQUIRED);
	}

	@Test
	void callsHoldOneSlotAndAtMostAHundredLocks() {
		List<String> keys = new ArrayList<>();
		IntStream.range(0, 250).forEach((i) -> keys.add("{same}:" + i));
		IntStream.range(0, 50).forEach((i) -> keys.add("other:" + i));
		List<List<Integer>> calls = RedisRenewals.calls(keys, true);
		assertThat(calls).allSatisfy((call) -> assertThat(call).hasSizeLessThanOrEqualTo(RedisRenewals.MAX_LOCKS)
			.extracting((position) -> ClusterSlotHashUtil.calculateSlot(keys.get(position)))
			.containsOnly(ClusterSlotHashUtil.calculateSlot(keys.get(call.get(0)))));
		assertThat(calls.stream().mapToInt(List::size).sum()).isEqualTo(300);
		assertThat(RedisRenewals.calls(keys, false)).hasSize(3);
	}

	private static void assignEverySlot(int port) {
		RedisClient client = RedisClient.create(RedisURI.create("127.0.0.1", port));
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			connection.sync().clusterAddSlots(IntStream.range(0, ClusterSlotHashUtil.SLOT_COUNT).toArray());
			await().atMost(Duration.ofSeconds(10))
				.until(() -> connection.sync().clusterInfo().contains("cluster_state:ok"));
		}
		finally {
			client.shutdown();
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
