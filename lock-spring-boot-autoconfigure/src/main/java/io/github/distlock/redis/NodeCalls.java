package io.github.distlock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Runs one call on every Redlock node at once and gathers the answers. Each node's client gives up
 * after the node timeout; this waits a margin longer at most, so that a call never outlasts a
 * node's failure to answer by much, whatever its client does.
 */
final class NodeCalls implements AutoCloseable {

	/** What a node's call may take beyond its node timeout before it counts as unanswered. */
	private static final Duration MARGIN = Duration.ofMillis(100);

	private final List<RedisLocker> nodes;

	private final List<String> names;

	private final long waitNanos;

	private final ExecutorService executor = Executors.newCachedThreadPool((task) -> {
		Thread thread = new Thread(task, "distlock-redlock");
		thread.setDaemon(true);
		return thread;
	});

	NodeCalls(List<RedisLocker> nodes, List<String> names, Duration nodeTimeout) {
		this.nodes = List.copyOf(nodes);
		this.names = List.copyOf(names);
		this.waitNanos = nodeTimeout.plus(MARGIN).toNanos();
	}

	/** The least number of nodes whose agreement counts: more than half. */
	int quorum() {
		return this.nodes.size() / 2 + 1;
	}

	List<RedisLocker> nodes() {
		return this.nodes;
	}

	/** Runs {@code call} on every node and waits for the answers, each at most the node timeout and a margin. */
	<T> NodeAnswers<T> onEveryNode(Function<RedisLocker, T> call) {
		List<CompletableFuture<T>> calls = new ArrayList<>(this.nodes.size());
		for (RedisLocker node : this.nodes) {
			calls.add(CompletableFuture.supplyAsync(() -> call.apply(node), this.executor));
		}
		long deadline = System.nanoTime() + this.waitNanos;
		List<T> answers = new ArrayList<>(calls.size());
		List<String> failures = new ArrayList<>();
		for (int i = 0; i < calls.size(); i++) {
			try {
				answers.add(calls.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
			}
			catch (ExecutionException ex) {
				failures.add(this.names.get(i) + ": " + ex.getCause());
			}
			catch (TimeoutException ex) {
				failures.add(this.names.get(i) + ": no answer in time");
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new RedlockQuorumException("Interrupted while waiting for the Redlock nodes", ex);
			}
		}
		return new NodeAnswers<>(answers, failures, this.nodes.size(), quorum());
	}

	/** Runs {@code call} on every node without waiting for the answers. */
	void onEveryNodeLater(Function<RedisLocker, ?> call) {
		for (RedisLocker node : this.nodes) {
			CompletableFuture.runAsync(() -> call.apply(node), this.executor);
		}
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
	}

}
