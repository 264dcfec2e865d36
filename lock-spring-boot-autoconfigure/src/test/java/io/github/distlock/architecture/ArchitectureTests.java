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
	void coreAndInterceptorUseNoStoreClient() {
		ArchitectureRules.storeNeutralCore().check(classes);
	}

	@Test
	void interceptorUsesNoSpringBoot() {
		ArchitectureRules.interceptorWithoutBoot().check(classes);
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
