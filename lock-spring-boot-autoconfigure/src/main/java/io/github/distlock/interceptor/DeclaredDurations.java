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

package io.github.distlock.interceptor;

import java.time.Duration;
import java.time.format.DateTimeParseException;

import org.jspecify.annotations.Nullable;

import io.github.distlock.DistributedLock;

import org.springframework.format.annotation.DurationFormat;
import org.springframework.format.datetime.standard.DurationFormatterUtils;
import org.springframework.util.StringValueResolver;

/**
 * The durations of one {@code @DistributedLock} declaration, each given either as a
 * {@code long} of milliseconds or as a string from configuration ({@code ${...}},
 * {@code 30s}, {@code PT30S}, plain milliseconds, as {@code @Scheduled(fixedDelayString)}
 * takes them), resolved and checked.
 *
 * @param lease the fixed lease, or {@code null} for the default (watchdog mode); zero is
 * watchdog mode too
 * @param maxWait the wait, or {@code null} for the configured default
 * @param holdAtLeast how long the lock stays held at least from the method's start, or
 * zero
 */
record DeclaredDurations(@Nullable Duration lease, @Nullable Duration maxWait, Duration holdAtLeast) {

	/**
	 * Reads the durations of a declaration.
	 * @param resolver resolves placeholders and expressions, or {@code null} to take
	 * strings as they are
	 * @throws InvalidLockDefinitionException if one is malformed, negative, set in both
	 * forms, or a minimum hold is not shorter than the fixed lease
	 */
	static DeclaredDurations read(DistributedLock annotation, @Nullable StringValueResolver resolver,
			String methodName) {
		Reader reader = new Reader(resolver, methodName);
		Duration lease = reader
			.orDefault(reader.millis("leaseMs", annotation.leaseMs(), -1, "leaseString", annotation.leaseString()));
		Duration maxWait = reader
			.orDefault(reader.millis("waitMs", annotation.waitMs(), -1, "waitString", annotation.waitString()));
		Setting hold = reader.millis("holdAtLeastMs", annotation.holdAtLeastMs(), 0, "holdAtLeastString",
				annotation.holdAtLeastString());
		if (hold.millis() < 0) {
			throw new InvalidLockDefinitionException(methodName,
					hold.attribute() + " must be 0 or positive, was " + hold.millis());
		}
		if (lease != null && !lease.isZero() && hold.millis() >= lease.toMillis()) {
			throw new InvalidLockDefinitionException(methodName, hold.attribute() + " (" + hold.millis()
					+ " ms) must be shorter than the lease (" + lease.toMillis() + " ms), as the lock expires by "
					+ "itself at the end of its lease; lengthen the lease, or use watchdog mode (leaseMs = -1)");
		}
		return new DeclaredDurations(lease, maxWait, Duration.ofMillis(hold.millis()));
	}

	/** A duration in milliseconds, and the attribute that gave it. */
	private record Setting(String attribute, long millis) {
	}

	private record Reader(@Nullable StringValueResolver resolver, String methodName) {

		/** {@code null} for {@code -1} (the default); below {@code -1} is invalid. */
		@Nullable Duration orDefault(Setting setting) {
			if (setting.millis() < -1) {
				throw new InvalidLockDefinitionException(this.methodName,
						setting.attribute() + " must be -1, 0 or positive, was " + setting.millis());
			}
			return (setting.millis() == -1) ? null : Duration.ofMillis(setting.millis());
		}

		/**
		 * The value of whichever of the pair is set: the string when it is not empty,
		 * else the {@code long}.
		 */
		Setting millis(String millisAttribute, long millis, long unset, String stringAttribute, String text) {
			if (text.isEmpty()) {
				return new Setting(millisAttribute, millis);
			}
			if (millis != unset) {
				throw new InvalidLockDefinitionException(this.methodName,
						millisAttribute + " and " + stringAttribute + " are both set; set only one of them");
			}
			return new Setting(stringAttribute, parse(stringAttribute, text, unset));
		}

		private long parse(String stringAttribute, String text, long unset) {
			String resolved = resolve(stringAttribute, text).trim();
			if (resolved.isEmpty()) {
				return unset;
			}
			try {
				return wholeMillis(stringAttribute, text,
						DurationFormatterUtils.detectAndParse(resolved, DurationFormat.Unit.MILLIS));
			}
			catch (IllegalArgumentException | DateTimeParseException | ArithmeticException ex) {
				throw new InvalidLockDefinitionException(this.methodName, stringAttribute + " \"" + text + "\""
						+ (resolved.equals(text) ? "" : " resolved to \"" + resolved + "\"")
						+ ", which is not a duration; use a form such as 30s, 500ms, PT30S or 1500 (milliseconds)");
			}
		}

		/**
		 * Locks count in milliseconds: less than one would be taken for zero, which means
		 * something else.
		 */
		private long wholeMillis(String stringAttribute, String text, Duration duration) {
			long millis = duration.toMillis();
			if (millis == 0 && !duration.isZero() && !duration.isNegative()) {
				throw new InvalidLockDefinitionException(this.methodName, stringAttribute + " \"" + text + "\" is "
						+ duration + ", less than the millisecond that locks count in");
			}
			return millis;
		}

		private String resolve(String stringAttribute, String text) {
			if (this.resolver == null) {
				return text;
			}
			try {
				String resolved = this.resolver.resolveStringValue(text);
				return (resolved != null) ? resolved : "";
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidLockDefinitionException(this.methodName,
						stringAttribute + " \"" + text + "\" could not be resolved: " + ex.getMessage());
			}
		}

	}

}
