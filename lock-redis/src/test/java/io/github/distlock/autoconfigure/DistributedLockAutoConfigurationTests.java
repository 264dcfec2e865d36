package io.github.distlock.autoconfigure;

import java.time.Duration;
import java.util.Optional;

import io.github.distlock.DistributedLock;
import io.github.distlock.LockHandle;
import io.github.distlock.LockTemplate;
import io.github.distlock.WhenBusy;
import io.github.distlock.core.DefaultLockTemplate;
import io.github.distlock.interceptor.DistributedLockAdvisor;
import io.github.distlock.interceptor.InvalidLockDefinitionException;
import io.github.distlock.redis.RedisLocker;
import io.github.distlock.redis.autoconfigure.RedisLockAutoConfiguration;
import io.github.distlock.store.Locker;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.autoconfigure.context.PropertyPlaceholderAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Conditions and properties of {@link DistributedLockAutoConfiguration}. Lettuce connects
 * lazily, so these need no Redis server.
 */
class DistributedLockAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(AutoConfigurations
		.of(RedisLockAutoConfiguration.class, DistributedLockAutoConfiguration.class, DataRedisAutoConfiguration.class, AopAutoConfiguration.class));

	@Test
	void providesLockTemplateOverRedisAndInfrastructureAdvisor() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(RedisLocker.class).hasSingleBean(DefaultLockTemplate.class)
				.hasSingleBean(DistributedLockAdvisor.class);
			assertThat(context.getBeanFactory().getBeanDefinition("distributedLockAdvisor").getRole())
				.isEqualTo(BeanDefinition.ROLE_INFRASTRUCTURE);
		});
	}

	@Test
	void backsOffWhenDisabled() {
		this.runner.withPropertyValues("distlock.enabled=false").run((context) -> assertThat(context)
			.doesNotHaveBean(LockTemplate.class).doesNotHaveBean(Locker.class).doesNotHaveBean(DistributedLockAdvisor.class));
	}

	@Test
	void backsOffWhenUserDefinesLockTemplate() {
		this.runner.withUserConfiguration(UserLockTemplateConfiguration.class)
			.run((context) -> assertThat(context).getBean(LockTemplate.class).isSameAs(UserLockTemplateConfiguration.TEMPLATE));
	}

	// lock4j's starter defines a bean named 'lockTemplate': with both on the class path, as while
	// migrating, the two names collided and the application did not start.
	@Test
	void beanNamesLeaveGenericNamesToOtherLibraries() {
		this.runner.withBean("lockTemplate", OtherLibrarysTemplate.class, OtherLibrarysTemplate::new)
			.withBean("redisLocker", OtherLibrarysTemplate.class, OtherLibrarysTemplate::new)
			.run((context) -> {
				assertThat(context).hasNotFailed().hasBean("lockTemplate").hasBean("redisLocker");
				assertThat(context.getBeanNamesForType(LockTemplate.class)).containsExactly("distributedLockTemplate");
				assertThat(context.getBeanNamesForType(Locker.class)).containsExactly("distributedLockRedisLocker");
			});
	}

	@Test
	void backsOffWhenUserDefinesLocker() {
		this.runner.withBean("userLocker", Locker.class, () -> new RedisLocker(lazyConnectionFactory(), "mine"))
			.run((context) -> assertThat(context).hasSingleBean(Locker.class).hasBean("userLocker").hasSingleBean(LockTemplate.class));
	}

	@Test
	void bindsProperties() {
		this.runner
			.withPropertyValues("distlock.key-prefix=app", "distlock.wait=2s", "distlock.order=42", "distlock.watchdog.lease=9s",
					"distlock.watchdog.renew-interval=1s", "distlock.watchdog.max-hold=1m", "distlock.store=redis")
			.run((context) -> {
				DistributedLockProperties properties = context.getBean(DistributedLockProperties.class);
				assertThat(properties.getKeyPrefix()).isEqualTo("app");
				assertThat(properties.getWait()).isEqualTo(Duration.ofSeconds(2));
				assertThat(properties.getWatchdog().getLease()).isEqualTo(Duration.ofSeconds(9));
				assertThat(properties.getWatchdog().getRenewInterval()).isEqualTo(Duration.ofSeconds(1));
				assertThat(properties.getWatchdog().getMaxHold()).isEqualTo(Duration.ofMinutes(1));
				assertThat(properties.getStore()).isEqualTo("redis");
				assertThat(context.getBean(DistributedLockAdvisor.class).getOrder()).isEqualTo(42);
			});
	}

	@Test
	void defaultsMatchTheContract() {
		this.runner.run((context) -> {
			DistributedLockProperties properties = context.getBean(DistributedLockProperties.class);
			assertThat(properties.getKeyPrefix()).isEqualTo("lock");
			assertThat(properties.getWait()).isZero();
			assertThat(properties.getWatchdog().getLease()).isEqualTo(Duration.ofSeconds(30));
			assertThat(properties.getWatchdog().getRenewInterval()).isNull();
			assertThat(properties.getWatchdog().getMaxHold()).isNull();
			assertThat(properties.getStore()).isNull();
		});
	}

	@Test
	void locksLiveInRedisWhenStoreIsRedis() {
		this.runner.withPropertyValues("distlock.store=redis")
			.run((context) -> assertThat(context).hasSingleBean(RedisLocker.class).hasSingleBean(LockTemplate.class));
	}

	@Test
	void failsStartupNamingAvailableStoresWhenStoreIsNotOnClassPath() {
		this.runner.withPropertyValues("distlock.store=in-memory").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(MissingLockTemplateException.class)
				.hasMessage("distlock.store=in-memory names no store on the class path; available: redis");
			FailureAnalysis analysis = new MissingLockTemplateFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("'in-memory'").contains("available: redis.");
			assertThat(analysis.getAction()).contains("lock-spring-boot-test");
		});
	}

	@Test
	void proxiesAnnotatedBeans() {
		this.runner.withBean(Guarded.class).run((context) -> assertThat(AopUtils.isAopProxy(context.getBean(Guarded.class))).isTrue());
	}

	@Test
	void proxiesAnnotatedBeansWithoutBootAopAutoConfiguration() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class, DistributedLockAutoConfiguration.class, DataRedisAutoConfiguration.class))
			.withBean(Guarded.class)
			.run((context) -> assertThat(AopUtils.isAopProxy(context.getBean(Guarded.class))).isTrue());
	}

	@Test
	void failsStartupWhenAnnotationIsUsedWithoutRedis() {
		this.runner.withClassLoader(new FilteredClassLoader(RedisConnectionFactory.class)).withBean(Guarded.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(MissingLockTemplateException.class)
				.hasMessageContaining("Guarded.run(Long)");
			FailureAnalysis analysis = new MissingLockTemplateFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getAction()).contains("spring.data.redis").contains("distlock.enabled=false");
		});
	}

	@Test
	void failsStartupWhenAnnotationIsUsedOnALazyBeanWithoutRedis() {
		this.runner.withClassLoader(new FilteredClassLoader(RedisConnectionFactory.class))
			.withBean(Guarded.class, Guarded::new, (definition) -> definition.setLazyInit(true))
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
					.isInstanceOf(MissingLockTemplateException.class)
					.hasMessageContaining("Guarded.run(Long)");
			});
	}

	@Test
	void failsStartupWhenAnnotationIsUsedOnAPrototypeBeanWithoutRedis() {
		this.runner.withClassLoader(new FilteredClassLoader(RedisConnectionFactory.class))
			.withBean(Guarded.class, Guarded::new, (definition) -> definition.setScope(BeanDefinition.SCOPE_PROTOTYPE))
			.run((context) -> assertThat(context).hasFailed());
	}

	@Test
	void startsWithoutRedisWhenAnnotationIsNotUsed() {
		this.runner.withClassLoader(new FilteredClassLoader(RedisConnectionFactory.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LockTemplate.class));
	}

	@Test
	void failsStartupNamingBeanAndMethodForInvalidDeclaration() {
		this.runner.withBean("brokenBean", Broken.class).run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = new InvalidLockDefinitionFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).isNotNull();
			assertThat(analysis.getDescription()).contains("brokenBean").contains("Broken.run(Long)").contains("'#missing'");
			assertThat(analysis.getAction()).contains("Broken.run(Long)");
			assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(InvalidLockDefinitionException.class);
		});
	}

	@Test
	void startsWhenTheDurationsPlaceholderHasAValue() {
		this.runner.withConfiguration(AutoConfigurations.of(PropertyPlaceholderAutoConfiguration.class))
			.withPropertyValues("jobs.hold=2s")
			.withBean("job", Job.class)
			.run((context) -> assertThat(context).hasNotFailed().getBean(Job.class).satisfies((job) -> assertThat(AopUtils.isAopProxy(job)).isTrue()));
	}

	@Test
	void failsStartupNamingThePropertyADurationLacks() {
		this.runner.withConfiguration(AutoConfigurations.of(PropertyPlaceholderAutoConfiguration.class))
			.withBean("job", Job.class)
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new InvalidLockDefinitionFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis).isNotNull();
				assertThat(analysis.getDescription()).contains("Bean 'job'")
					.contains("@DistributedLock on Job.run(): holdAtLeastString \"${jobs.hold}\" could not be resolved")
					.contains("jobs.hold");
				assertThat(analysis.getAction()).contains("Job.run()").contains("${...} placeholder");
			});
	}

	private static RedisConnectionFactory lazyConnectionFactory() {
		LettuceConnectionFactory factory = new LettuceConnectionFactory();
		factory.afterPropertiesSet();
		return factory;
	}

	public static class Guarded {

		@DistributedLock(key = "#id")
		public void run(Long id) {
		}

	}

	public static class Job {

		@DistributedLock(key = "'report'", whenBusy = WhenBusy.SKIP, holdAtLeastString = "${jobs.hold}")
		public void run() {
		}

	}

	public static class Broken {

		@DistributedLock(key = "#missing")
		public void run(Long id) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserLockTemplateConfiguration {

		static final LockTemplate TEMPLATE = new LockTemplate() {

			@Override
			public Optional<LockHandle> tryAcquire(String key, @Nullable Duration lease, @Nullable Duration wait) {
				return Optional.empty();
			}

		};

		@Bean
		LockTemplate userLockTemplate() {
			return TEMPLATE;
		}

	}

	/** Stands for another library's bean of the same name, such as lock4j's {@code lockTemplate}. */
	static final class OtherLibrarysTemplate {

	}

}
