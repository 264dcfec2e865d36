package io.github.distlock.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches when locks are to live in the named store: {@code distlock.store} names it, or is unset
 * and it is the only store module on the class path. A store module's auto-configuration carries
 * it, so that an application with several stores picks one with {@code distlock.store}.
 *
 * @since 0.1.0
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnLockStoreCondition.class)
public @interface ConditionalOnLockStore {

	/**
	 * The store's name, as {@code distlock.store} takes it: {@code redis}, {@code jdbc},
	 * {@code zookeeper} or {@code in-memory}.
	 * @return the store's name
	 */
	String value();

}
