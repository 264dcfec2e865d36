package io.github.distlock.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The module keeps the layering of {@link ArchitectureRules}, with the modules below it; a store
 * module runs it as a subclass.
 */
public class ArchitectureTests {

	private static final JavaClasses classes = ArchitectureRules.productionClasses();

	@Test
	void packagesAreLayered() {
		ArchitectureRules.layers().check(classes);
	}

	@Test
	void apiCoreAndInterceptorUseNoStoreClient() {
		ArchitectureRules.storeNeutralCore().check(classes);
	}

	@Test
	void onlyTheIntegrationWithBootUsesSpringBoot() {
		ArchitectureRules.bootOnlyWhereIntegrated().check(classes);
	}

	@Test
	void autoConfigurationsArePublicAndFinal() {
		ArchitectureRules.autoConfigurationsPublicAndFinal().check(classes);
	}

	@Test
	void postProcessorBeanMethodsAreStatic() {
		ArchitectureRules.postProcessorBeanMethodsStatic().check(classes);
	}

	@Test
	void conditionsAreNotPublic() {
		ArchitectureRules.conditionsNotPublic().check(classes);
	}

	@Test
	void optionalLibrariesAreNamedOnlyWhereGuarded() {
		ArchitectureRules.optionalLibrariesOnlyWhereGuarded().check(classes);
	}

	@Test
	void optionalLibrariesAreInNoOtherSignature() {
		assertThat(ArchitectureRules.optionalLibrariesInSignatures(classes)).isEmpty();
	}

	@Test
	void packagesHaveNoCycles() {
		ArchitectureRules.noCycles().check(classes);
	}

}
