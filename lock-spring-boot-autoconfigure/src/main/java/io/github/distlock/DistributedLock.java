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

package io.github.distlock;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.aot.hint.annotation.Reflective;

/**
 * Runs the annotated method while holding a distributed lock, in the lock store the
 * application uses (Redis, a database or ZooKeeper).
 *
 * <pre class="code">
 * &#64;DistributedLock(key = "#goodsId", leaseMs = 5000)
 * public Order purchase(long goodsId, long userId) { ... }
 * </pre>
 *
 * <p>
 * A scheduled job that runs on one instance only, with durations from configuration:
 *
 * <pre class="code">
 * &#64;Scheduled(cron = "0 * * * * *")
 * &#64;DistributedLock(key = "'report'", whenBusy = WhenBusy.SKIP, holdAtLeastString = "${jobs.report.hold:10s}")
 * public void sendReport() { ... }
 * </pre>
 *
 * <p>
 * The lock's identity is {@link #name()} + {@code ":"} + the value of {@link #key()}, so
 * {@code @DistributedLock(name = "goods", key = "#id")} with id 42 is the same lock as
 * {@code lockTemplate.tryAcquire("goods:42", ...)}. While it holds the lock, the method
 * can read the fencing token from {@link LockContext#current()}.
 *
 * <p>
 * When the lock stays busy for the whole wait, the method does not run: with
 * {@link #whenBusy()} {@link WhenBusy#SKIP SKIP} it returns an empty value, otherwise the
 * {@link #fallback()} method runs instead if one is named, or a
 * {@link LockNotAcquiredException} is thrown. When the store cannot be reached, a
 * {@link LockStoreException} is thrown within the store client's timeout.
 *
 * <p>
 * Transactions: the lock is taken before a {@code @Transactional} method's transaction
 * begins and released after it commits or rolls back. When a caller's transaction is
 * still open as the method returns, the lock is released when that transaction completes.
 *
 * <p>
 * Asynchronous methods: a method returning a {@code CompletionStage} (or a Reactor
 * {@code Mono}/{@code Flux}) holds the lock until what it returned completes, errs or is
 * cancelled; a {@code Mono}/{@code Flux} takes the lock when subscribed. A Kotlin
 * {@code suspend} function holds the lock until its coroutine completes, fails or is
 * cancelled (with {@code kotlinx-coroutines-reactor} on the class path, as for
 * {@code @Transactional}). An {@code @Async} method takes the lock on the thread that
 * runs it.
 *
 * <p>
 * Like {@code @Transactional}, this annotation works through a Spring proxy: it applies
 * to calls that come through the bean from outside, not to calls a bean makes to its own
 * methods ({@code this.purchase(...)}), and not to private or final methods.
 *
 * <p>
 * Native images: the annotation is {@link Reflective @Reflective}, as
 * {@code @EventListener} is, so Spring's AOT processing registers the annotated methods
 * for reflection; it also registers the {@link #fallback()} methods and the properties of
 * the arguments that a {@link #key()} reads. A key that calls another bean's method needs
 * the application's own hint.
 *
 * @since 0.1.0
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Reflective
public @interface DistributedLock {

	/**
	 * SpEL expression over the method's arguments that gives the lock's key:
	 * {@code #goodsId}, {@code #order.id}, {@code #p0} or {@code #a0} (the first
	 * argument), {@code @bean.method()}, or a literal such as {@code 'stock'}. A
	 * {@code Collection} or array result locks every element, in sorted order, all or
	 * nothing (a multi-lock). A key that evaluates to null, empty or blank fails the call
	 * before the store is asked.
	 * @return the key expression
	 */
	String key();

	/**
	 * Namespace of the lock. Empty (the default) means
	 * {@code SimpleClassName.methodName}; methods that must exclude each other give the
	 * same name.
	 * @return the lock's name
	 */
	String name() default "";

	/**
	 * Lease in milliseconds: the lock expires by itself after that long and is never
	 * renewed. {@code -1} (the default) or {@code 0} means watchdog mode: the lease is
	 * {@code distlock.watchdog.lease} (30 s by default), renewed while the method runs.
	 * @return the lease in milliseconds, or {@code -1}
	 * @see #leaseString()
	 */
	long leaseMs() default -1;

	/**
	 * The lease as {@link #leaseMs()} takes it, from configuration: a {@code ${...}}
	 * placeholder, {@code 30s}, {@code 500ms}, ISO-8601 {@code PT30S}, or plain
	 * milliseconds, resolved and checked at start-up. Empty (the default) means
	 * {@link #leaseMs()} applies; setting both is an invalid declaration.
	 * @return the lease, or empty
	 */
	String leaseString() default "";

	/**
	 * How long to wait for a held lock, in milliseconds. {@code -1} (the default) means
	 * {@code distlock.wait} (0 s by default); {@code 0} means try once and fail at once.
	 * @return the wait in milliseconds, {@code 0} or {@code -1}
	 * @see #waitString()
	 */
	long waitMs() default -1;

	/**
	 * The wait as {@link #waitMs()} takes it, from configuration, in the forms
	 * {@link #leaseString()} accepts. Empty (the default) means {@link #waitMs()}
	 * applies; setting both is an invalid declaration.
	 * @return the wait, or empty
	 */
	String waitString() default "";

	/**
	 * What to do when the lock stays busy for the whole wait: {@link WhenBusy#THROW
	 * THROW} (the default) a {@link LockNotAcquiredException} or call the
	 * {@link #fallback()}, or {@link WhenBusy#SKIP SKIP} the method without an error.
	 * {@code SKIP} with a fallback, or on a method returning a primitive, is an invalid
	 * declaration.
	 * @return what to do when the lock is busy
	 */
	WhenBusy whenBusy() default WhenBusy.THROW;

	/**
	 * Keep the lock at least this many milliseconds from the moment the method started,
	 * even if it returns sooner (ShedLock's {@code lockAtLeastFor}), so that a fast
	 * scheduled job does not run again on an instance whose tick comes a little later. It
	 * must be shorter than a fixed {@link #leaseMs() lease}, so the lock is never held
	 * beyond it. {@code 0} (the default) means release as soon as the method's work is
	 * done.
	 * @return the minimum hold in milliseconds
	 * @see #holdAtLeastString()
	 */
	long holdAtLeastMs() default 0;

	/**
	 * The minimum hold as {@link #holdAtLeastMs()} takes it, from configuration, in the
	 * forms {@link #leaseString()} accepts. Empty (the default) means
	 * {@link #holdAtLeastMs()} applies; setting both is an invalid declaration.
	 * @return the minimum hold, or empty
	 */
	String holdAtLeastString() default "";

	/**
	 * Name of a method on the same bean, taking the same parameters (optionally followed
	 * by a {@link LockNotAcquiredException}) and returning a compatible type, called
	 * instead of throwing when the lock is not acquired; its return value is returned.
	 * Empty (the default) means {@link #whenBusy()} decides.
	 * @return the fallback method's name
	 */
	String fallback() default "";

}
