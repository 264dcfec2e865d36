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

package io.github.distlock.jdbc;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.assertj.core.api.SoftAssertions;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

import org.springframework.jdbc.CannotGetJdbcConnectionException;

import io.github.distlock.store.LeaseRequest;

import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Every kind of store call of a locker (acquire, release, renew, fence, find, ping), on a
 * lock that {@code holder} took as {@code held} before, each timed and expected to fail
 * for want of a connection, within a bound and with a message that says why.
 */
final class StoreCalls {

	private final Map<String, ThrowingCallable> calls = new LinkedHashMap<>();

	StoreCalls(JdbcLocker locker) {
		this.calls.put("acquire", () -> locker.tryAcquire("other", "owner", Duration.ofMinutes(1), Duration.ZERO));
		this.calls.put("release", () -> locker.release("held", "holder"));
		this.calls.put("renew", () -> locker.renew(List.of(new LeaseRequest("held", "holder", Duration.ofMinutes(1)))));
		this.calls.put("fence", () -> locker.fence("held", "holder"));
		this.calls.put("find", () -> locker.find("held"));
		this.calls.put("ping", locker::ping);
	}

	/**
	 * Makes each call, printing how long it took, and checks them all.
	 * @param situation what the output says of the calls
	 * @param bound how long each may take at most
	 * @param messageParts what each failure's message says
	 */
	void eachFailsWithin(String situation, Duration bound, String... messageParts) {
		SoftAssertions soft = new SoftAssertions();
		for (Map.Entry<String, ThrowingCallable> call : this.calls.entrySet()) {
			long started = System.nanoTime();
			Throwable failure = catchThrowable(call.getValue());
			Duration took = Duration.ofNanos(System.nanoTime() - started);
			System.out
				.println(situation + ": " + call.getKey() + " failed after " + took.toMillis() + " ms: " + failure);
			soft.assertThat(failure).as(call.getKey()).isInstanceOf(CannotGetJdbcConnectionException.class);
			for (String part : messageParts) {
				soft.assertThat(failure).as(call.getKey()).hasMessageContaining(part);
			}
			soft.assertThat(took).as(call.getKey()).isLessThan(bound);
		}
		soft.assertAll();
	}

}
