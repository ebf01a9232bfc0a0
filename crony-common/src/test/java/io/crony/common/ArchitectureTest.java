package io.crony.common;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * crony-common is the contract web, agent and the SDK's starter share: it depends on no
 * other Crony module and on no Spring, and only its etcd package touches jetcd, which is
 * optional so that a business service does not pull it; only its logging package touches
 * logback, also optional.
 */
@AnalyzeClasses(packages = "io.crony.common", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

	@ArchTest
	static final ArchRule packagesFormNoCycles = slices().matching("io.crony.common.(**)").should().beFreeOfCycles();

	@ArchTest
	static final ArchRule dependsOnNoOtherCronyModule = noClasses().should()
		.dependOnClassesThat(resideInAPackage("io.crony..").and(not(resideInAPackage("io.crony.common.."))));

	@ArchTest
	static final ArchRule noSpring = noClasses().should()
		.dependOnClassesThat()
		.resideInAPackage("org.springframework..");

	@ArchTest
	static final ArchRule onlyTheEtcdPackageUsesJetcd = noClasses().that()
		.resideOutsideOfPackage("io.crony.common.etcd..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("io.etcd..");

	@ArchTest
	static final ArchRule onlyTheLoggingPackageUsesLogback = noClasses().that()
		.resideOutsideOfPackage("io.crony.common.logging..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("ch.qos.logback..");

}
