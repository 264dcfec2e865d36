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

package io.github.distlock.redis;

import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.github.distlock.test.redis.FaultProxy;

/**
 * Injects random faults into the proxies between the contenders and the lock server, one
 * every 100 to 500 ms on a random proxy, all drawn from one seeded {@link Random}:
 * <ul>
 * <li>a cut after the next script ({@code EVALSHA} or {@code EVAL}), four times in ten:
 * the script runs, its reply is lost, and Lettuce reconnects and sends it again, so it
 * runs twice;</li>
 * <li>a stall of 50 ms up to the longest stall (500 ms unless told), both ways, as in a
 * short partition, four times in ten;</li>
 * <li>a reset of every connection of the proxy, the release-notice subscription's
 * included, twice in ten.</li>
 * </ul>
 * A proxy gets no new fault while its last one is under way, so stalls never overlap.
 * Faults in quick succession on one proxy can still keep a command from its answer for
 * longer than the command timeout (a cut, a stall, another cut), so contenders do see
 * {@code LockStoreException}s and, now and then, a holding whose lease ran out.
 *
 * <p>
 * Replies are never dropped: Lettuce would then hand each later reply to the wrong
 * command until it reconnects (see {@link FaultProxy#dropReplies}), a client fault that
 * no lock can defend against, and a reset right after the drop would still leave that
 * window open.
 */
final class ChaosFaults {

	private static final Duration FIRE_TIMEOUT = Duration.ofSeconds(10);

	private static final Log logger = LogFactory.getLog(ChaosFaults.class);

	enum Kind {

		CUT, STALL, RESET

	}

	private final List<FaultProxy> proxies;

	private final Random random;

	private final Duration longestStall;

	private final Map<FaultProxy, CompletableFuture<Void>> underWay = new HashMap<>();

	private final Map<Kind, Integer> injected = new EnumMap<>(Kind.class);

	private Duration stalled = Duration.ZERO;

	private int skipped;

	private int unfired;

	ChaosFaults(List<FaultProxy> proxies, long seed, Duration longestStall) {
		this.proxies = proxies;
		this.random = new Random(seed);
		this.longestStall = longestStall;
	}

	/**
	 * Injects faults for a while, then waits until the last ones are over: stalls ended
	 * and cuts fired (a cut that did not fire within 10 s, as no script passed its proxy,
	 * is counted).
	 */
	void injectFor(Duration duration) throws InterruptedException {
		long end = System.nanoTime() + duration.toNanos();
		while (System.nanoTime() - end < 0) {
			Thread.sleep(100 + this.random.nextInt(401));
			// all drawn whether or not the fault can be injected, so the plan depends on
			// the seed alone
			FaultProxy proxy = this.proxies.get(this.random.nextInt(this.proxies.size()));
			Kind kind = kind(this.random.nextInt(10));
			Duration stall = Duration.ofMillis(50 + this.random.nextInt((int) this.longestStall.toMillis() - 49));
			inject(proxy, kind, stall);
		}
		for (CompletableFuture<Void> fault : this.underWay.values()) {
			awaitOver(fault);
		}
	}

	private static Kind kind(int roll) {
		return (roll < 4) ? Kind.CUT : (roll < 8) ? Kind.STALL : Kind.RESET;
	}

	private void inject(FaultProxy proxy, Kind kind, Duration stall) {
		CompletableFuture<Void> last = this.underWay.get(proxy);
		if (last != null && !last.isDone()) {
			this.skipped++;
			return;
		}
		logger.info("Fault on proxy " + proxy.port() + ": " + kind
				+ ((kind == Kind.STALL) ? " " + stall.toMillis() + " ms" : ""));
		this.underWay.put(proxy, switch (kind) {
			case CUT -> proxy.cutAfterNext((command) -> !command.isEmpty()
					&& (command.get(0).equalsIgnoreCase("EVALSHA") || command.get(0).equalsIgnoreCase("EVAL")));
			case STALL -> {
				this.stalled = this.stalled.plus(stall);
				yield proxy.stall(stall);
			}
			case RESET -> {
				proxy.closeConnections();
				yield CompletableFuture.completedFuture(null);
			}
		});
		this.injected.merge(kind, 1, Integer::sum);
	}

	private void awaitOver(CompletableFuture<Void> fault) throws InterruptedException {
		try {
			fault.get(FIRE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			this.unfired++;
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException(ex);
		}
	}

	int injected(Kind kind) {
		return this.injected.getOrDefault(kind, 0);
	}

	/** Returns what was injected, for the run's summary. */
	String summary() {
		return String.format(
				"%d cuts, %d stalls (%.1f s in all), %d resets, %d skipped (proxy busy), %d cuts never fired",
				injected(Kind.CUT), injected(Kind.STALL), this.stalled.toMillis() / 1000.0, injected(Kind.RESET),
				this.skipped, this.unfired);
	}

}
