package io.crony.agent;

import java.util.List;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.domain.properties.HasOwner;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.crony.common.execution.lifecycle.AttemptTransition;
import io.crony.common.execution.lifecycle.RunTransition;
import io.crony.common.execution.lifecycle.ShardTransition;
import io.crony.test.arch.ExecutionStatusWrites;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
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
		.layer("Shard")
		.definedBy("io.crony.agent.shard..")
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
		.whereLayer("Shard")
		.mayOnlyAccessLayers("Target", "Support")
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

	// The firing path's stages, in order: plan, claim, dispatch, run, record. A stage
	// knows
	// the ones after it only through what it hands on, never the ones before it.

	@ArchTest
	static final ArchRule planningKnowsNoLaterStage = noClasses().that()
		.haveFullyQualifiedName("io.crony.agent.schedule.Planner")
		.should()
		.dependOnClassesThat(
				haveSimpleNameIn("Claimer", "ClaimStage", "DispatchStage", "Runner", "RunRecords", "Releases"))
		.orShould()
		.dependOnClassesThat(resideInAnyPackage("io.crony.agent.execution..", "io.crony.agent.target.."));

	@ArchTest
	static final ArchRule claimingKnowsNotWhoDispatches = noClasses().that(haveSimpleNameIn("ClaimStage", "Claimer"))
		.and()
		.resideInAPackage("io.crony.agent.schedule")
		.should()
		.dependOnClassesThat(haveSimpleNameIn("DispatchStage", "Runner", "RunRecords", "Releases"))
		.orShould()
		.dependOnClassesThat(resideInAPackage("io.crony.agent.target.."));

	@ArchTest
	static final ArchRule dispatchNeverWaitsOnTheDatabase = noClasses().that()
		.haveFullyQualifiedName("io.crony.agent.schedule.DispatchStage")
		.should()
		.dependOnClassesThat(haveSimpleNameIn("Claimer", "ClaimStage", "Planner", "Misfires"))
		.orShould()
		.dependOnClassesThat(resideInAnyPackage("io.crony.agent.execution..", "org.springframework.jdbc..",
				"io.crony.agent.target.."))
		.because("at a fire's instant nothing on the way from the timer to the call waits on the database");

	@ArchTest
	static final ArchRule runsAreRecordedOnlyThroughTheRecordStage = noClasses().that()
		.haveFullyQualifiedName("io.crony.agent.schedule.Runner")
		.should()
		.dependOnClassesThat(resideInAPackage("io.crony.agent.execution.."))
		.orShould()
		.dependOnClassesThat(haveSimpleNameIn("Claimer", "ClaimStage", "DispatchStage", "Planner", "Releases"));

	@ArchTest
	static final ArchRule claimsAreReleasedInOnePlace = noClasses().that()
		.doNotHaveFullyQualifiedName("io.crony.agent.schedule.Releases")
		.should()
		.callMethodWhere(JavaCall.Predicates.target(HasName.Predicates.name("release"))
			.and(JavaCall.Predicates.target(HasOwner.Predicates.With
				.owner(HasName.Predicates.name("io.crony.agent.execution.ExecutionStore")))))
		.because("the rule for a claimed fire that will not start here lives in Releases only");

	// One owner for an execution row's status: the state machine in crony-common builds
	// every status change, and only these stores use it.
	private static final String[] STATUS_WRITERS = { "io.crony.agent.execution.RecordStatements",
			"io.crony.agent.execution.ClaimRows", "io.crony.agent.async.AsyncStore" };

	@ArchTest
	static final ArchRule onlyTheStoresUseTheRunStateMachine = noClasses().that()
		.haveNameNotMatching(
				"io\\.crony\\.agent\\.(execution\\.(RecordStatements|ClosedInsert|RunningInsert|ClaimRows)|async\\.AsyncStore)(\\$.*)?")
		.should()
		.dependOnClassesThat()
		.belongToAnyOf(RunTransition.class)
		.because("an execution row's status changes in the stores, each through one RunTransition");

	@ArchTest
	static final ArchRule executionStatusIsWrittenOnlyThroughTheStateMachine = classes().that()
		.areTopLevelClasses()
		.should(ExecutionStatusWrites.onlyThroughTheStateMachine(java.util.Set.of(STATUS_WRITERS[0], STATUS_WRITERS[1],
				STATUS_WRITERS[2], "io.crony.agent.execution.ExecutionStore")));

	@ArchTest
	static final ArchRule onlyTheirStoresUseTheShardAndAttemptStateMachines = noClasses().that()
		.haveNameNotMatching("io\\.crony\\.agent\\.(shard\\.ShardStore|async\\.AsyncStore)(\\$.*)?")
		.should()
		.dependOnClassesThat()
		.belongToAnyOf(ShardTransition.class, AttemptTransition.class)
		.because("a shard row's and an attempt link's status change in their stores, each through one transition");

	private static DescribedPredicate<JavaClass> haveSimpleNameIn(String... names) {
		return DescribedPredicate.describe("have a simple name in " + List.of(names),
				(javaClass) -> List.of(names).contains(javaClass.getSimpleName()));
	}

}
