package io.github.distlock.architecture;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The layering of distlock's packages, held by every module's architecture test over the classes
 * of the module and the modules below it (house style, "Modules"): the API imports nothing below
 * it, the core knows no store, the interceptor no Spring Boot, a store neither the interceptor nor
 * the auto-configuration, and no package depends on another in a cycle.
 */
public final class ArchitectureRules {

	private static final String[] STORE_CLIENTS = { "org.springframework.data.redis..", "io.lettuce..",
			"java.sql..", "javax.sql..", "org.springframework.jdbc..", "org.apache.curator..", "org.apache.zookeeper.." };

	/** The API, the core and the interceptor: what every locking call loads, whatever the store. */
	private static final String[] EVERY_CALL = { "io.github.distlock", "io.github.distlock.core..",
			"io.github.distlock.interceptor.." };

	private static final DescribedPredicate<JavaClass> EVERY_CALL_CLASSES = JavaClass.Predicates.resideInAnyPackage(EVERY_CALL);

	/** The classes that may name optional libraries: loaded only once those are known present. */
	private static final String GUARDED = "io\\.github\\.distlock\\.interceptor\\.(ReactorLocking|LockRelease\\$Transactions).*";

	private ArchitectureRules() {
	}

	/**
	 * Returns distlock's production classes on the class path: neither a module's test classes nor
	 * the test jar that store modules take the contract from.
	 * @return the classes
	 */
	public static JavaClasses productionClasses() {
		return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.withImportOption((location) -> !location.contains("-tests.jar"))
			.importPackages("io.github.distlock");
	}

	/**
	 * Returns the layers and who may use each.
	 * @return the rule
	 */
	public static ArchRule layers() {
		return Architectures.layeredArchitecture()
			.consideringOnlyDependenciesInLayers()
			.layer("API").definedBy("io.github.distlock")
			.layer("Core").definedBy("io.github.distlock.core..")
			.layer("Interceptor").definedBy("io.github.distlock.interceptor..")
			.layer("Observability").definedBy("io.github.distlock.micrometer..", "io.github.distlock.observation..",
					"io.github.distlock.endpoint..", "io.github.distlock.health..")
			.layer("Stores").definedBy("io.github.distlock.memory", "io.github.distlock.redis", "io.github.distlock.jdbc",
					"io.github.distlock.zookeeper")
			.layer("AutoConfiguration").definedBy("io.github.distlock.autoconfigure..", "io.github.distlock.*.autoconfigure..",
					"io.github.distlock.test..")
			.whereLayer("API").mayNotAccessAnyLayer()
			.whereLayer("Core").mayOnlyAccessLayers("API")
			.whereLayer("Interceptor").mayOnlyAccessLayers("API", "Core")
			.whereLayer("Observability").mayOnlyAccessLayers("API", "Core")
			.whereLayer("Stores").mayOnlyAccessLayers("API", "Core")
			.whereLayer("AutoConfiguration").mayNotBeAccessedByAnyLayer()
			.allowEmptyShould(true);
	}

	/**
	 * Returns the rule that the API, the core and the interceptor use no store's client.
	 * @return the rule
	 */
	public static ArchRule storeNeutralCore() {
		return noClasses().that()
			.resideInAnyPackage("io.github.distlock", "io.github.distlock.core..", "io.github.distlock.interceptor..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage(STORE_CLIENTS);
	}

	/**
	 * Returns the rule that the interceptor uses no Spring Boot type, so it works with a bare
	 * {@code ProxyFactory}.
	 * @return the rule
	 */
	public static ArchRule interceptorWithoutBoot() {
		return noClasses().that()
			.resideInAPackage("io.github.distlock.interceptor..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework.boot..");
	}

	/**
	 * Returns the rule that, of the classes every locking call loads, only those made for them name
	 * Reactor's, Reactive Streams' or Spring's transaction types: the libraries are optional, and a
	 * class that names one fails to load without it, as the interceptor did in an application on
	 * ZooKeeper with neither.
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
	 * Returns the methods of the API, the core and the interceptor, lambdas' included, whose
	 * signature names Reactor's, Reactive Streams' or Spring's transaction types outside the
	 * classes made for them: Spring introspects every
	 * declared method of a bean's class, so one such signature keeps the class from loading
	 * without the library, which {@link #optionalLibrariesOnlyWhereGuarded()} does not see.
	 * @param classes the classes to look at
	 * @return each such method, named
	 */
	public static List<String> optionalLibrariesInSignatures(JavaClasses classes) {
		return classes.stream()
			.filter(EVERY_CALL_CLASSES::test)
			.filter((javaClass) -> !javaClass.getName().matches(GUARDED))
			.flatMap((javaClass) -> Arrays.stream(javaClass.reflect().getDeclaredMethods()))
			.filter((method) -> Stream.concat(Stream.of(method.getReturnType()), Arrays.stream(method.getParameterTypes()))
				.anyMatch((type) -> type.getName().matches("(reactor|org\\.reactivestreams|org\\.springframework\\.transaction)\\..*")))
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
