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

package io.github.distlock.zookeeper;

import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order of a lock's queue from the names ZooKeeper gives its nodes (ZOOKEEPER.md,
 * "Nodes"): the sequence a directory's counter issued, a signed 32-bit number that wraps
 * from 2147483647 to -2147483648.
 */
class LockQueueTests {

	private final LockPaths paths = new LockPaths("/distlock", "lock");

	@Test
	void holderIsTheLowestSequence() {
		String second = created(2);
		String first = created(1);
		assertThat(LockQueue.of(List.of(second, first)).children()).containsExactly(first, second);
	}

	@Test
	void nodesCreatedAfterTheSequenceCountersWrapQueueBehindThoseCreatedBefore() {
		String beforeWrap = created(2147483600);
		String lastBeforeWrap = created(Integer.MAX_VALUE);
		String firstAfterWrap = created(Integer.MIN_VALUE);
		String afterWrap = created(-2147483000);
		String longAfterWrap = created(-1000000000);
		assertThat(
				LockQueue.of(List.of(longAfterWrap, afterWrap, firstAfterWrap, lastBeforeWrap, beforeWrap)).children())
			.containsExactly(beforeWrap, lastBeforeWrap, firstAfterWrap, afterWrap, longAfterWrap);
	}

	@Test
	void negativeSequencesQueueInTheirCountersOrder() {
		String minusTwo = created(-2);
		String minusOne = created(-1);
		String zero = created(0);
		String one = created(1);
		assertThat(LockQueue.of(List.of(one, minusOne, zero, minusTwo)).children()).containsExactly(minusTwo, minusOne,
				zero, one);
	}

	@Test
	void twinsAreFoundAcrossTheSequenceCountersWrap() {
		String node = created(Integer.MAX_VALUE);
		String twin = LockPaths.unsequenced(node) + sequence(Integer.MIN_VALUE);
		assertThat(LockQueue.of(List.of(node, twin, created(Integer.MIN_VALUE + 1))).twinsOf(node))
			.containsExactly(twin);
	}

	@Test
	void childThatIsNoLockNodeIsNoPartOfTheQueue() {
		String first = created(1);
		String second = created(2);
		assertThat(LockQueue.of(List.of("made-by-an-operator", second, "x-lock-notanumber", first)).children())
			.containsExactly(first, second);
		assertThat(LockQueue.of(List.of("made-by-an-operator")).holder()).isNull();
	}

	/**
	 * The name ZooKeeper gives a new node of this process when its directory's counter is
	 * at {@code sequence}.
	 */
	private String created(int sequence) {
		return LockPaths.name(this.paths.newNode("key")) + sequence(sequence);
	}

	/** The suffix ZooKeeper appends, as its server formats it. */
	private static String sequence(int sequence) {
		return String.format(Locale.ENGLISH, "%010d", sequence);
	}

}
