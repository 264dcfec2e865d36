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

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Future;

import io.github.distlock.DistributedLock;
import io.github.distlock.WhenBusy;
import io.github.distlock.core.DefaultLockTemplate;
import org.junit.jupiter.api.Test;

import org.springframework.aop.ClassFilter;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Start-up validation of {@code @DistributedLock} declarations.
 */
class LockOperationSourceTests {

	private final LockOperationSource source = new LockOperationSource(null);

	@Test
	void classesThatCannotCarryTheAnnotationArePassedOverBeforeAnyMethod() {
		ClassFilter classes = new LockOperationPointcut(this.source).getClassFilter();
		assertThat(classes.matches(String.class)).isFalse();
		assertThat(classes.matches(DefaultLockTemplate.class)).isFalse();
		assertThat(classes.matches(Valid.class)).isTrue();
	}

	@Test
	void methodsWithoutADeclarationAreRememberedOnlyOnceCalled() throws Exception {
		for (Method method : Mixed.class.getMethods()) {
			this.source.hasOperation(method, Mixed.class);
		}
		assertThat(this.source.rememberedMethodCount()).as("after proxying").isOne();
		assertThat(this.source.getOperation(Mixed.class.getMethod("plain"), Mixed.class)).isNull();
		assertThat(this.source.rememberedMethodCount()).as("after a call").isEqualTo(2);
		assertThat(this.source.getOperation(Object.class.getMethod("toString"), Mixed.class)).isNull();
		assertThat(this.source.rememberedMethodCount()).as("Object's methods are never looked at").isEqualTo(2);
	}

	@Test
	void aReadFromRootThatTheCallCannotAnswerIsRejected() {
		assertInvalid(ReadsTheBeanFromRoot.class,
				"key expression '#root.tenant + #id' reads 'tenant' from #root, " + "which is the call");
		assertInvalid(ReadsTheBeanBare.class, "reads 'tenant' from #root");
	}

	@Test
	void readsOfTheCallAndOfArgumentsPassTheRootCheck() throws NoSuchMethodException {
		assertThat(
				this.source.getOperation(ReadsTheCall.class.getMethod("run", java.util.List.class), ReadsTheCall.class))
			.isNotNull();
	}

	@Test
	void expressionThatDoesNotParseIsRejectedNamingMethodAndExpression() {
		assertInvalid(Unparsable.class,
				"@DistributedLock on Unparsable.run(Long): key expression '#id +' does not parse");
	}

	@Test
	void expressionNamingUnknownParameterIsRejected() {
		assertInvalid(UnknownParameter.class,
				"names '#goodId', which is not a parameter of the method; its parameters are goodsId");
	}

	@Test
	void negativeLeaseIsRejected() {
		assertInvalid(NegativeLease.class, "leaseMs must be -1, 0 or positive, was -5");
	}

	@Test
	void negativeWaitIsRejected() {
		assertInvalid(NegativeWait.class, "waitMs must be -1, 0 or positive, was -2");
	}

	@Test
	void missingFallbackIsRejectedWithTheSignatureItNeeds() {
		assertInvalid(MissingFallback.class,
				"fallback 'nope' must be a method of MissingFallback taking (Long) or (Long, LockNotAcquiredException) and returning String");
	}

	@Test
	void fallbackWithIncompatibleReturnTypeIsRejected() {
		assertInvalid(WrongFallbackType.class, "fallback 'other'");
	}

	@Test
	void asynchronousReturnTypeThatCannotBeHeldIsRejected() {
		assertInvalid(UnsupportedAsync.class, "completes later");
	}

	// Such methods were validated and then never intercepted: the lock was silently not
	// taken.
	@Test
	void methodsAProxyCannotInterceptAreRejected() {
		assertInvalid(PrivateMethod.class,
				"@DistributedLock on PrivateMethod.run(Long): the method is private, so calls "
						+ "to it never pass through the Spring proxy");
		assertInvalid(StaticMethod.class, "the method is static");
		assertInvalid(FinalMethod.class, "the method is final");
	}

	@Test
	void everyAnnotatedMethodOfClassIsCheckedOnFirstLookup() throws NoSuchMethodException {
		assertThatExceptionOfType(InvalidLockDefinitionException.class)
			.isThrownBy(
					() -> this.source.getOperation(TwoMethods.class.getMethod("fine", Long.class), TwoMethods.class))
			.withMessageContaining("broken");
	}

	@Test
	void positionalParametersBeansAndLiteralsAreAccepted() throws NoSuchMethodException {
		assertThat(this.source.getOperation(Valid.class.getMethod("run", Long.class, String.class), Valid.class))
			.isNotNull();
		assertThat(this.source.operationMethods()).containsExactly("Valid.run(Long, String)");
	}

	@Test
	void durationStringsAreReadInEveryFormAndFromConfiguration() throws NoSuchMethodException {
		LockOperation operation = configured().getOperation(Configured.class.getMethod("run"), Configured.class);
		assertThat(operation.lease()).isEqualTo(Duration.ofSeconds(45));
		assertThat(operation.maxWait()).isEqualTo(Duration.ofMillis(1500));
		assertThat(operation.holdAtLeast()).isEqualTo(Duration.ofSeconds(10));
		LockOperation iso = configured().getOperation(Iso.class.getMethod("run"), Iso.class);
		assertThat(iso.lease()).isEqualTo(Duration.ofMinutes(1));
		assertThat(iso.maxWait()).isEqualTo(Duration.ofMillis(500));
		assertThat(iso.holdAtLeast()).isZero();
	}

	@Test
	void aDurationGivenInBothFormsIsRejected() {
		assertInvalid(BothForms.class, "leaseMs and leaseString are both set; set only one of them");
	}

	@Test
	void aStringThatIsNotADurationIsRejectedWithWhatItResolvedTo() {
		assertThatExceptionOfType(InvalidLockDefinitionException.class)
			.isThrownBy(() -> configured().getOperation(NotADuration.class.getMethod("run"), NotADuration.class))
			.withMessageContaining("@DistributedLock on NotADuration.run(): waitString \"${jobs.wait}\" resolved to "
					+ "\"soon\", which is not a duration; use a form such as 30s, 500ms, PT30S or 1500 (milliseconds)");
	}

	@Test
	void aDurationTooLongOrShorterThanAMillisecondIsRejected() {
		assertInvalid(Overflowing.class, "leaseString \"PT3000000000000H\", which is not a duration");
		assertInvalid(Microseconds.class, "holdAtLeastString \"500us\" is PT0.0005S, less than the millisecond");
	}

	@Test
	void aPlaceholderWithoutValueIsRejectedNamingIt() {
		assertThatExceptionOfType(InvalidLockDefinitionException.class)
			.isThrownBy(() -> configured().getOperation(Unresolvable.class.getMethod("run"), Unresolvable.class))
			.withMessageContaining("holdAtLeastString \"${jobs.missing}\" could not be resolved")
			.withMessageContaining("jobs.missing");
	}

	@Test
	void aMinimumHoldNotShorterThanTheFixedLeaseIsRejected() {
		assertInvalid(HoldBeyondLease.class, "holdAtLeastMs (5000 ms) must be shorter than the lease (5000 ms)");
		assertInvalid(NegativeHold.class, "holdAtLeastMs must be 0 or positive, was -1");
	}

	@Test
	void skipIsRejectedWithAFallbackOrAPrimitiveResult() {
		assertInvalid(SkipWithFallback.class, "whenBusy = SKIP and a fallback cannot both be set");
		assertInvalid(SkipReturningPrimitive.class, "whenBusy = SKIP needs a return type with an empty value");
	}

	private static LockOperationSource configured() {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.addFirst(new MapPropertySource("jobs",
					Map.of("jobs.lease", "45s", "jobs.hold", "PT10S", "jobs.wait", "soon")));
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		beanFactory.addEmbeddedValueResolver(environment::resolveRequiredPlaceholders);
		return new LockOperationSource(beanFactory);
	}

	private void assertInvalid(Class<?> type, String message) {
		assertThatExceptionOfType(InvalidLockDefinitionException.class)
			.isThrownBy(() -> this.source.getOperation(type.getDeclaredMethods()[0], type))
			.withMessageContaining(message);
	}

	public static class Mixed {

		@DistributedLock(key = "'mixed'")
		public void locked() {
		}

		public void plain() {
		}

		public void other() {
		}

	}

	static class ReadsTheBeanFromRoot {

		@DistributedLock(key = "#root.tenant + #id")
		public void run(Long id) {
		}

	}

	static class ReadsTheBeanBare {

		@DistributedLock(key = "tenant")
		public void run(Long id) {
		}

	}

	public static class ReadsTheCall {

		@DistributedLock(
				key = "#root.methodName + #root.target.toString() + methodName + #items.?[length() > 1].size() "
						+ "+ #items[0].length() + T(java.lang.String).valueOf(#root.args.length) "
						+ "+ #root.getTargetClass().simpleName + #root.method.name")
		public void run(java.util.List<String> items) {
		}

	}

	static class Unparsable {

		@DistributedLock(key = "#id +")
		public void run(Long id) {
		}

	}

	static class UnknownParameter {

		@DistributedLock(key = "#goodId")
		public void run(Long goodsId) {
		}

	}

	static class NegativeLease {

		@DistributedLock(key = "#id", leaseMs = -5)
		public void run(Long id) {
		}

	}

	static class NegativeWait {

		@DistributedLock(key = "#id", waitMs = -2)
		public void run(Long id) {
		}

	}

	static class MissingFallback {

		@DistributedLock(key = "#id", fallback = "nope")
		public String run(Long id) {
			return "";
		}

	}

	static class WrongFallbackType {

		@DistributedLock(key = "#id", fallback = "other")
		public String run(Long id) {
			return "";
		}

		public Integer other(Long id) {
			return 0;
		}

	}

	static class UnsupportedAsync {

		@DistributedLock(key = "#id")
		public java.util.concurrent.Flow.Publisher<String> run(Long id) {
			return null;
		}

	}

	static class TwoMethods {

		@DistributedLock(key = "#id")
		public void fine(Long id) {
		}

		@DistributedLock(key = "#broken")
		public void other(Long id) {
		}

	}

	static class PrivateMethod {

		@DistributedLock(key = "#id")
		private void run(Long id) {
		}

	}

	static class StaticMethod {

		@DistributedLock(key = "#id")
		static void run(Long id) {
		}

	}

	static class FinalMethod {

		@DistributedLock(key = "#id")
		public final void run(Long id) {
		}

	}

	static class Configured {

		@DistributedLock(key = "'k'", leaseString = "${jobs.lease}", waitString = "1500",
				holdAtLeastString = "${jobs.hold}")
		public void run() {
		}

	}

	static class Iso {

		@DistributedLock(key = "'k'", leaseString = "PT1M", waitString = "500ms", holdAtLeastString = "${jobs.none:}")
		public void run() {
		}

	}

	static class Overflowing {

		@DistributedLock(key = "'k'", leaseString = "PT3000000000000H")
		public void run() {
		}

	}

	static class Microseconds {

		@DistributedLock(key = "'k'", holdAtLeastString = "500us")
		public void run() {
		}

	}

	static class BothForms {

		@DistributedLock(key = "'k'", leaseMs = 100, leaseString = "1s")
		public void run() {
		}

	}

	static class NotADuration {

		@DistributedLock(key = "'k'", waitString = "${jobs.wait}")
		public void run() {
		}

	}

	static class Unresolvable {

		@DistributedLock(key = "'k'", holdAtLeastString = "${jobs.missing}")
		public void run() {
		}

	}

	static class HoldBeyondLease {

		@DistributedLock(key = "'k'", leaseMs = 5000, holdAtLeastMs = 5000)
		public void run() {
		}

	}

	static class NegativeHold {

		@DistributedLock(key = "'k'", holdAtLeastMs = -1)
		public void run() {
		}

	}

	static class SkipWithFallback {

		@DistributedLock(key = "'k'", whenBusy = WhenBusy.SKIP, fallback = "other")
		public void run() {
		}

		public void other() {
		}

	}

	static class SkipReturningPrimitive {

		@DistributedLock(key = "'k'", whenBusy = WhenBusy.SKIP)
		public boolean run() {
			return true;
		}

	}

	static class Valid {

		@DistributedLock(key = "#p0 + ':' + #a1 + ':' + #id + ':' + 'x'")
		public void run(Long id, String name) {
		}

	}

}
