package io.github.distlock.jdbc.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.beans.factory.annotation.Qualifier;

/**
 * Qualifies the {@link javax.sql.DataSource} that a PostgreSQL locker listens for release notices
 * on, as {@code @FlywayDataSource} does Flyway's: connections that keep their session, for example
 * straight to PostgreSQL when the application's own go through a transaction pooler (PgBouncer in
 * transaction mode), where {@code LISTEN} hears nothing. The listener keeps one of its connections
 * while it listens. Declare it with {@code @Bean(defaultCandidate = false)}, so that it is not
 * mistaken for the application's data source. Without one, the listener opens one physical
 * connection of its own with the application's data source's URL and credentials.
 *
 * @since 0.1.0
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.TYPE, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Qualifier
public @interface LockNoticesDataSource {

}
