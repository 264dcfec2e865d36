package io.github.distlock.interceptor;

import java.util.concurrent.Future;

import io.github.distlock.DistributedLock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Start-up validation of {@code @DistributedLock} declarations.
 */
class LockOperationSourceTests {

	private final LockOperationSource source = new LockOperationSource(null);

	@Test
	void expressionThatDoesNotParseIsRejectedNamingMethodAndExpression() {
		assertInvalid(Unparsable.class, "@DistributedLock on Unparsable.run(Long): key expression '#id +' does not parse");
	}

	@Test
	void expressionNamingUnknownParameterIsRejected() {
		assertInvalid(UnknownParameter.class, "names '#goodId', which is not a parameter of the method; its parameters are goodsId");
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

	// Such methods were validated and then never intercepted: the lock was silently not taken.
	@Test
	void methodsAProxyCannotInterceptAreRejected() {
		assertInvalid(PrivateMethod.class, "@DistributedLock on PrivateMethod.run(Long): the method is private, so calls "
				+ "to it never pass through the Spring proxy");
		assertInvalid(StaticMethod.class, "the method is static");
		assertInvalid(FinalMethod.class, "the method is final");
	}

	@Test
	void everyAnnotatedMethodOfClassIsCheckedOnFirstLookup() throws NoSuchMethodException {
		assertThatExceptionOfType(InvalidLockDefinitionException.class)
			.isThrownBy(() -> this.source.getOperation(TwoMethods.class.getMethod("fine", Long.class), TwoMethods.class))
			.withMessageContaining("broken");
	}

	@Test
	void positionalParametersBeansAndLiteralsAreAccepted() throws NoSuchMethodException {
		assertThat(this.source.getOperation(Valid.class.getMethod("run", Long.class, String.class), Valid.class)).isNotNull();
		assertThat(this.source.hasOperations()).isTrue();
		assertThat(this.source.operationMethods()).containsExactly("Valid.run(Long, String)");
	}

	private void assertInvalid(Class<?> type, String message) {
		assertThatExceptionOfType(InvalidLockDefinitionException.class)
			.isThrownBy(() -> this.source.getOperation(type.getDeclaredMethods()[0], type))
			.withMessageContaining(message);
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

	static class Valid {

		@DistributedLock(key = "#p0 + ':' + #a1 + ':' + #id + ':' + 'x'")
		public void run(Long id, String name) {
		}

	}

}
