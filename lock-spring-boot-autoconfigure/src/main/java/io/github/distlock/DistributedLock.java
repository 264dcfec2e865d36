package io.github.distlock;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the annotated method while holding a distributed lock on Redis.
 *
 * <pre class="code">
 * &#64;DistributedLock(key = "#goodsId", leaseMs = 5000)
 * public Order purchase(long goodsId, long userId) { ... }
 * </pre>
 *
 * <p>The lock's identity is {@link #name()} + {@code ":"} + the value of {@link #key()}, so
 * {@code @DistributedLock(name = "goods", key = "#id")} with id 42 is the same lock as
 * {@code lockTemplate.tryAcquire("goods:42", ...)}. While it holds the lock, the method can read
 * the fencing token from {@link LockContext#current()}.
 *
 * <p>When the lock stays busy for the whole wait, the method does not run: the
 * {@link #fallback()} method runs instead if one is named, otherwise a
 * {@link LockNotAcquiredException} is thrown. When Redis cannot be reached, a
 * {@link LockBackendException} is thrown within the client's command timeout.
 *
 * <p>Transactions: the lock is taken before a {@code @Transactional} method's transaction begins
 * and released after it commits or rolls back. When a caller's transaction is still open as the
 * method returns, the lock is released when that transaction completes.
 *
 * <p>Asynchronous methods: a method returning a {@code CompletionStage} (or a Reactor
 * {@code Mono}/{@code Flux}) holds the lock until what it returned completes, errs or is
 * cancelled; a {@code Mono}/{@code Flux} takes the lock when subscribed. An {@code @Async}
 * method takes the lock on the thread that runs it.
 *
 * <p>Like {@code @Transactional}, this annotation works through a Spring proxy: it applies to
 * calls that come through the bean from outside, not to calls a bean makes to its own methods
 * ({@code this.purchase(...)}), and not to private or final methods.
 *
 * @since 0.1.0
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Documented
public @interface DistributedLock {

	/**
	 * SpEL expression over the method's arguments that gives the lock's key: {@code #goodsId},
	 * {@code #order.id}, {@code #p0} or {@code #a0} (the first argument), {@code @bean.method()},
	 * or a literal such as {@code 'stock'}. A {@code Collection} or array result locks every
	 * element, in sorted order, all or nothing (a multi-lock). A key that evaluates to null,
	 * empty or blank fails the call before Redis is touched.
	 * @return the key expression
	 */
	String key();

	/**
	 * Namespace of the lock. Empty (the default) means {@code SimpleClassName.methodName}; methods
	 * that must exclude each other give the same name.
	 * @return the lock's name
	 */
	String name() default "";

	/**
	 * Lease in milliseconds: the lock expires by itself after that long and is never renewed.
	 * {@code -1} (the default) or {@code 0} means watchdog mode: the lease is
	 * {@code distlock.watchdog.lease} (30 s by default), renewed while the method runs.
	 * @return the lease in milliseconds, or {@code -1}
	 */
	long leaseMs() default -1;

	/**
	 * How long to wait for a held lock, in milliseconds. {@code -1} (the default) means
	 * {@code distlock.wait} (0 s by default); {@code 0} means try once and fail at once.
	 * @return the wait in milliseconds, {@code 0} or {@code -1}
	 */
	long waitMs() default -1;

	/**
	 * Name of a method on the same bean, taking the same parameters (optionally followed by a
	 * {@link LockNotAcquiredException}) and returning a compatible type, called instead of throwing
	 * when the lock is not acquired; its return value is returned. Empty (the default) means throw.
	 * @return the fallback method's name
	 */
	String fallback() default "";

}
