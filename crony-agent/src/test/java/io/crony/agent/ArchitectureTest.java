package io.crony.agent;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The agent's allowed dependencies. The application package on top wires the features;
 * firing ({@code schedule}) drives targets, records and the lease, and knows nothing of
 * where its jobs come from ({@code assignment}) or who listens to its runs
 * ({@code alert}); a target call knows nothing of firing or recording.
 */
@AnalyzeClasses(packages = "io.crony.agent", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

	@ArchTest
	static final ArchRule featurePackagesFormNoCycles = slices().matching("io.crony.agent.(**)")
		.should()
		.beFreeOfCycles();

	@ArchTest
	static final ArchRule dependsOnlyOnCommonAndAlert = noClasses().should()
		.dependOnClassesThat(resideInAPackage("io.crony..")
			.and(not(resideInAnyPackage("io.crony.agent..", "io.crony.common..", "io.crony.alert.."))))
		.because("the agent shares only crony-common and crony-alert with crony-web");

	@ArchTest
	static final ArchRule features = layeredArchitecture().consideringOnlyDependenciesInLayers()
		.layer("Application")
		.definedBy("io.crony.agent")
		.layer("Assignment")
		.definedBy("io.crony.agent.assignment..")
		.layer("Alert")
		.definedBy("io.crony.agent.alert..")
		.layer("Schedule")
		.definedBy("io.crony.agent.schedule..")
		.layer("Async")
		.definedBy("io.crony.agent.async..")
		.layer("Lease")
		.definedBy("io.crony.agent.lease..")
		.layer("Target")
		.definedBy("io.crony.agent.target..")
		.layer("Execution")
		.definedBy("io.crony.agent.execution..")
		.layer("Metrics")
		.definedBy("io.crony.agent.metrics..")
		.layer("Etcd")
		.definedBy("io.crony.agent.etcd..")
		.layer("Support")
		.definedBy("io.crony.agent.support..")
		.whereLayer("Application")
		.mayNotBeAccessedByAnyLayer()
		.whereLayer("Assignment")
		.mayOnlyAccessLayers("Schedule", "Lease", "Support")
		.whereLayer("Alert")
		.mayOnlyAccessLayers("Schedule", "Support")
		.whereLayer("Schedule")
		.mayOnlyAccessLayers("Async", "Execution", "Lease", "Target", "Metrics", "Support")
		.whereLayer("Async")
		.mayOnlyAccessLayers("Execution", "Target", "Support")
		.whereLayer("Lease")
		.mayOnlyAccessLayers("Support")
		.whereLayer("Target")
		.mayOnlyAccessLayers("Etcd", "Support")
		.whereLayer("Execution")
		.mayOnlyAccessLayers("Support")
		.whereLayer("Metrics")
		.mayNotAccessAnyLayer()
		.whereLayer("Etcd")
		.mayNotAccessAnyLayer()
		.whereLayer("Support")
		.mayNotAccessAnyLayer();

}
