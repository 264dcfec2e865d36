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

package io.github.distlock.architecture;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The layering of distlock's packages, held by every module's architecture test over the
 * classes of the module and the modules below it (house style, "Modules"): the API
 * imports nothing below it, the core knows no store, the interceptor knows only the API,
 * a store only the API and the store SPI, only the integration with Boot names Boot, no
 * package depends on another in a cycle, and Boot's own conventions for
 * auto-configurations, post-processors and conditions hold.
 */
public final class ArchitectureRules {

	private static final String[] STORE_CLIENTS = { "org.springframework.data.redis..", "io.lettuce..", "java.sql..",
			"javax.sql..", "org.springframework.jdbc..", "org.apache.curator..", "org.apache.zookeeper.." };

	/**
	 * The API, the store SPI, the core and the interceptor: what every locking call
	 * loads, whatever the store.
	 */
	private static final String[] EVERY_CALL = { "io.github.distlock", "io.github.distlock.store..",
			"io.github.distlock.core..", "io.github.distlock.interceptor.." };

	/**
	 * Where Spring Boot may be named: Boot is optional in every module, as in Boot's own.
	 */
	private static final String[] BOOT_INTEGRATION = { "..autoconfigure..", "io.github.distlock.endpoint..",
			"io.github.distlock.health..", "io.github.distlock.test.." };

	private static final DescribedPredicate<JavaClass> EVERY_CALL_CLASSES = JavaClass.Predicates
		.resideInAnyPackage(EVERY_CALL);

	/**
	 * The classes that may name optional libraries: loaded only once those are known
	 * present.
	 */
	private static final String GUARDED = "io\\.github\\.distlock\\.interceptor\\.(ReactorLocking|TransactionAwareRelease\\$Transactions).*";

	private ArchitectureRules() {
	}

	/**
	 * Returns distlock's production classes on the class path: neither a module's test
	 * classes, nor the test jar that store modules take these rules from, nor the kit
	 * they take the store contract from ({@code lock-test-support}).
	 * @return the classes
	 */
	public static JavaClasses productionClasses() {
		return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.withImportOption((location) -> !location.contains("-tests.jar") && !location.contains("lock-test-support"))
			.importPackages("io.github.distlock");
	}

	/**
	 * Returns the layers and who may use each.
	 * @return the rule
	 */
	public static ArchRule layers() {
		return Architectures.layeredArchitecture()
			.consideringOnlyDependenciesInLayers()
			.layer("API")
			.definedBy("io.github.distlock")
			.layer("Store SPI")
			.definedBy("io.github.distlock.store..")
			.layer("Core")
			.definedBy("io.github.distlock.core..")
			.layer("Interceptor")
			.definedBy("io.github.distlock.interceptor..")
			.layer("Observability")
			.definedBy("io.github.distlock.micrometer..", "io.github.distlock.observation..",
					"io.github.distlock.endpoint..", "io.github.distlock.health..")
			.layer("Stores")
			.definedBy("io.github.distlock.memory", "io.github.distlock.redis", "io.github.distlock.jdbc",
					"io.github.distlock.zookeeper")
			.layer("AutoConfiguration")
			.definedBy("io.github.distlock.autoconfigure..", "io.github.distlock.*.autoconfigure..",
					"io.github.distlock.test..")
			.whereLayer("API")
			.mayNotAccessAnyLayer()
			.whereLayer("Store SPI")
			.mayOnlyAccessLayers("API")
			.whereLayer("Core")
			.mayOnlyAccessLayers("API", "Store SPI")
			.whereLayer("Interceptor")
			.mayOnlyAccessLayers("API")
			.whereLayer("Observability")
			.mayOnlyAccessLayers("API", "Store SPI", "Core")
			.whereLayer("Stores")
			.mayOnlyAccessLayers("API", "Store SPI")
			.whereLayer("AutoConfiguration")
			.mayNotBeAccessedByAnyLayer()
			.allowEmptyShould(true);
	}

	/**
	 * Returns the rule that the API, the store SPI, the core and the interceptor use no
	 * store's client.
	 * @return the rule
	 */
	public static ArchRule storeNeutralCore() {
		return noClasses().that()
			.resideInAnyPackage(EVERY_CALL)
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(STORE_CLIENTS);
	}

	/**
	 * Returns the rule that only the auto-configuration, the Actuator's endpoint and
	 * health indicator and the test support use Spring Boot: the API, the core, the
	 * interceptor and the stores work in a plain Spring application (a bare
	 * {@code ProxyFactory}), with Boot an optional dependency.
	 * @return the rule
	 */
	public static ArchRule bootOnlyWhereIntegrated() {
		return noClasses().that()
			.resideOutsideOfPackages(BOOT_INTEGRATION)
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework.boot..");
	}

	/**
	 * Returns Spring Boot's rule for auto-configurations: public, so that applications
	 * can name them in {@code exclude}, and final, since nothing should extend them.
	 * @return the rule
	 */
	public static ArchRule autoConfigurationsPublicAndFinal() {
		return classes().that()
			.areAnnotatedWith(AutoConfiguration.class)
			.should()
			.bePublic()
			.andShould()
			.haveModifier(JavaModifier.FINAL)
			.allowEmptyShould(true);
	}

	/**
	 * Returns Spring Boot's rule for bean methods that return a bean (factory)
	 * post-processor: static, so that declaring one does not create its configuration
	 * class, and what that class injects, before every bean is post-processed.
	 * @return the rule
	 */
	public static ArchRule postProcessorBeanMethodsStatic() {
		return methods().that()
			.areAnnotatedWith(Bean.class)
			.and()
			.haveRawReturnType(JavaClass.Predicates.assignableTo(BeanPostProcessor.class)
				.or(JavaClass.Predicates.assignableTo(BeanFactoryPostProcessor.class)))
			.should()
			.beStatic()
			.allowEmptyShould(true);
	}

	/**
	 * Returns Spring Boot's rule for conditions: not public, as they are reached only
	 * through their annotations.
	 * @return the rule
	 */
	public static ArchRule conditionsNotPublic() {
		return classes().that().implement(Condition.class).should().notBePublic().allowEmptyShould(true);
	}

	/**
	 * Returns the rule that, of the classes every locking call loads, only those made for
	 * them name Reactor's, Reactive Streams' or Spring's transaction types: the libraries
	 * are optional, and a class that names one fails to load without it, as the
	 * interceptor did in an application on ZooKeeper with neither.
	 * @return the rule
	 */
	public static ArchRule optionalLibrariesOnlyWhereGuarded() {
		return noClasses().that()
			.resideInAnyPackage(EVERY_CALL)
			.and()
			.haveNameNotMatching(GUARDED)
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("reactor..", "org.reactivestreams..", "org.springframework.transaction..");
	}

	/**
	 * Returns the methods of the API, the core and the interceptor, lambdas' included,
	 * whose signature names Reactor's, Reactive Streams' or Spring's transaction types
	 * outside the classes made for them: Spring introspects every declared method of a
	 * bean's class, so one such signature keeps the class from loading without the
	 * library, which {@link #optionalLibrariesOnlyWhereGuarded()} does not see.
	 * @param classes the classes to look at
	 * @return each such method, named
	 */
	public static List<String> optionalLibrariesInSignatures(JavaClasses classes) {
		return classes.stream()
			.filter(EVERY_CALL_CLASSES::test)
			.filter((javaClass) -> !javaClass.getName().matches(GUARDED))
			.flatMap((javaClass) -> Arrays.stream(javaClass.reflect().getDeclaredMethods()))
			.filter((method) -> Stream
				.concat(Stream.of(method.getReturnType()), Arrays.stream(method.getParameterTypes()))
				.anyMatch((type) -> type.getName()
					.matches("(reactor|org\\.reactivestreams|org\\.springframework\\.transaction)\\..*")))
			.map(Method::toString)
			.toList();
	}

	/**
	 * Returns the rule that no two packages depend on each other.
	 * @return the rule
	 */
	public static ArchRule noCycles() {
		return slices().matching("io.github.distlock.(**)").should().beFreeOfCycles();
	}

}
