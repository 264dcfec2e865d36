package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/** SCRATCH: a minimal lease store on virtual time, no faults, to try the harness. */
final class TinyLeaseStore implements ExploredStore {

	private final Simulation sim;

	private final Map<String, Entry> locks = new LinkedHashMap<>();

	private final Map<String, Map<String, Long>> waiters = new LinkedHashMap<>();

	private final List<Client> clients = new ArrayList<>();

	private long lastToken;

	private final java.util.Set<String> expired = new java.util.HashSet<>();

	@Override
	public int subscriptions() {
		return this.clients.stream().flatMap((c) -> c.subscriptions.values().stream()).mapToInt(Integer::intValue).sum();
	}

	@Override
	public long acquireSentAt(String key) {
		return live(key).sentAt();
	}

	@Override
	public boolean expiredLast(String key) {
		live(key);
		return this.expired.contains(key);
	}

	TinyLeaseStore(Simulation sim) {
		this.sim = sim;
	}

	record Entry(String owner, long expiresAt, long sentAt) {
	}

	@Override
	public Locker process(String name) {
		Client client = new Client(name);
		this.clients.add(client);
		return client;
	}

	@Override
	public @Nullable String ownerAt(String key) {
		Entry e = live(key);
		return (e != null) ? e.owner : null;
	}

	private @Nullable Entry live(String key) {
		Entry e = this.locks.get(key);
		if (e != null && this.sim.nanoTime() - e.expiresAt >= 0) {
			this.locks.remove(key);
			this.expired.add(key);
			return null;
		}
		return e;
	}

	@Override
	public boolean mayBreakExclusion() {
		return false;
	}

	@Override
	public long longestCallNanos() {
		return TimeUnit.MILLISECONDS.toNanos(10);
	}

	@Override
	public boolean answersInTime() {
		return true;
	}

	@Override
	public boolean mayLoseNotices() {
		return false;
	}

	final class Client implements Locker {

		final String name;

		final List<ReleaseListener> listeners = new ArrayList<>();

		final Map<String, Integer> subscriptions = new LinkedHashMap<>();

		Client(String name) {
			this.name = name;
		}

		void hop() {
			TinyLeaseStore.this.sim.pass(TimeUnit.MICROSECONDS.toNanos(TinyLeaseStore.this.sim.random().nextInt(5000)));
		}

		@Override
		public Acquisition tryAcquire(String key, String owner, Duration lease, Duration willWait) {
			long sentAt = TinyLeaseStore.this.sim.nanoTime();
			hop();
			Acquisition answer;
			Entry e = live(key);
			long now = TinyLeaseStore.this.sim.nanoTime();
			if (e == null || e.owner.equals(owner)) {
				TinyLeaseStore.this.expired.remove(key);
				TinyLeaseStore.this.locks.put(key, new Entry(owner, now + TimeUnit.MILLISECONDS.toNanos(Math.max(1, lease.toMillis())), sentAt));
				answer = Acquisition.ACQUIRED;
			}
			else {
				if (!willWait.isZero()) {
					TinyLeaseStore.this.waiters.computeIfAbsent(key, (k) -> new LinkedHashMap<>()).put(Locker.processOf(owner, this.name), now + willWait.toNanos());
				}
				answer = Acquisition.busy(Duration.ofNanos(e.expiresAt - now));
			}
			hop();
			return answer;
		}

		@Override
		public Release release(String key, String owner) {
			hop();
			Entry e = live(key);
			Release answer;
			if (e == null) {
				answer = Release.GONE;
			}
			else if (!e.owner.equals(owner)) {
				answer = Release.TAKEN;
			}
			else {
				TinyLeaseStore.this.locks.remove(key);
				for (Client c : TinyLeaseStore.this.clients) {
					if (c.subscriptions.getOrDefault(key, 0) > 0) {
						TinyLeaseStore.this.sim.at(TimeUnit.MICROSECONDS.toNanos(TinyLeaseStore.this.sim.random().nextInt(3000)), c,
								() -> c.listeners.forEach((l) -> l.released(key)));
					}
				}
				answer = Release.RELEASED;
			}
			hop();
			return answer;
		}

		@Override
		public List<Renewal> renew(List<LeaseRequest> leases) {
			hop();
			long now = TinyLeaseStore.this.sim.nanoTime();
			List<Renewal> answers = new ArrayList<>();
			for (LeaseRequest r : leases) {
				Entry e = live(r.key());
				if (e == null || !e.owner.equals(r.owner())) {
					answers.add(Renewal.LOST);
					continue;
				}
				TinyLeaseStore.this.locks.put(r.key(), new Entry(r.owner(), now + TimeUnit.MILLISECONDS.toNanos(Math.max(1, r.lease().toMillis())), e.sentAt()));
				String me = Locker.processOf(r.owner(), this.name);
				boolean others = TinyLeaseStore.this.waiters.getOrDefault(r.key(), Map.of()).entrySet().stream()
					.anyMatch((w) -> !w.getKey().equals(me) && w.getValue() - now > 0);
				answers.add(Renewal.renewed(others));
			}
			hop();
			return answers;
		}

		@Override
		public long fence(String key, String owner) {
			hop();
			Entry e = live(key);
			long token = (e != null && e.owner.equals(owner)) ? ++TinyLeaseStore.this.lastToken : 0;
			hop();
			return token;
		}

		@Override
		public void onRelease(ReleaseListener listener) {
			this.listeners.add(listener);
		}

		@Override
		public ReleaseSubscription subscribe(String key, Duration confirmWithin) {
			hop();
			this.subscriptions.merge(key, 1, Integer::sum);
			boolean[] open = { true };
			return new ReleaseSubscription() {
				@Override
				public boolean isActive() {
					return open[0];
				}

				@Override
				public void close() {
					if (open[0]) {
						open[0] = false;
						Client.this.subscriptions.merge(key, -1, Integer::sum);
					}
				}
			};
		}

	}

}
