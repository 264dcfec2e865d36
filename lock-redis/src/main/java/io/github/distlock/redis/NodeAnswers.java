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

import java.util.List;
import java.util.function.Predicate;

/**
 * What the Redlock nodes answered to one call: the answers of those that answered in
 * time, and why each of the others did not.
 *
 * @param answers the answers, in no particular order
 * @param failures one line per node that failed or did not answer in time
 * @param nodes how many nodes were asked
 * @param quorum the least number of nodes whose agreement counts
 * @param <T> the type of an answer
 */
record NodeAnswers<T>(List<T> answers, List<String> failures, int nodes, int quorum) {

	/** How many nodes answered what {@code answer} accepts. */
	long count(Predicate<? super T> answer) {
		return this.answers.stream().filter(answer).count();
	}

	boolean quorumAgrees(Predicate<? super T> answer) {
		return count(answer) >= this.quorum;
	}

	/**
	 * Fails unless a quorum answered: with fewer, no answer can be trusted.
	 * @param action what was asked, for the message
	 * @throws RedlockQuorumException when fewer than a quorum answered
	 */
	void requireQuorum(String action) {
		if (this.answers.size() < this.quorum) {
			throw new RedlockQuorumException("Could not " + action + ": only " + this.answers.size() + " of "
					+ this.nodes + " Redlock nodes answered, and a quorum is " + this.quorum + " ("
					+ String.join("; ", this.failures) + ")");
		}
	}

}
