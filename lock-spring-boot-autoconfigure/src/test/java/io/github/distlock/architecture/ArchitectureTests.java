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

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The module keeps the layering of {@link ArchitectureRules}, with the modules below it;
 * a store module runs it as a subclass.
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
