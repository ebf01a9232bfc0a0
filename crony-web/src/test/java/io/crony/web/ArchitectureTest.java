package io.crony.web;

import com.tngtech.archunit.core.importer.ImportOption;
import io.crony.web.auth.MembershipMapper;
import io.crony.web.auth.Memberships;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.crony.common.execution.lifecycle.BackfillTransition;
import io.crony.common.execution.lifecycle.RunTransition;
import io.crony.common.execution.lifecycle.WorkflowRunTransition;
import io.crony.test.arch.ExecutionStatusWrites;
import io.crony.web.error.FieldErrorCode;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.AccessTarget.Predicates.declaredIn;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * crony-web's allowed dependencies. The cluster (election, agents, the leader's
 * assignment) is used by the API features and uses none of them; inside it the leader's
 * decisions sit on top of the assignment writes, placement, membership and leadership,
 * and the cluster package itself holds only what all of them share.
 */
@AnalyzeClasses(packages = "io.crony.web", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

	@ArchTest
	static final ArchRule packagesFormNoCycles = slices().matching("io.crony.web.(**)").should().beFreeOfCycles();

	@ArchTest
	static final ArchRule dependsOnlyOnCommonAndAlert = noClasses().should()
		.dependOnClassesThat(resideInAPackage("io.crony..")
			.and(not(resideInAnyPackage("io.crony.web..", "io.crony.common..", "io.crony.alert.."))))
		.because("crony-web shares only crony-common and crony-alert with the agent");

	@ArchTest
	static final ArchRule membershipsAreWrittenInOnePlace = noClasses().that()
		.doNotBelongToAnyOf(Memberships.class)
		.should()
		.callMethodWhere(
				target(declaredIn(MembershipMapper.class).and(nameMatching("insert|insertGranted|updateRole|delete"))))
		.because("Memberships keeps every department an enabled ADMIN, whichever API changes a role");

	// the inherited writes of MyBatis-Plus and the mapper's own; recordDeleted writes
	// table deleted_job
	@ArchTest
	static final ArchRule jobRowsAreWrittenInOnePlace = noClasses().that()
		.doNotHaveFullyQualifiedName("io.crony.web.job.JobWrites")
		.should()
		.callMethodWhere(target(declaredIn(nameMatching("io\\.crony\\.web\\.job\\.JobMapper"))
			.and(nameMatching("insert.*|update.*|delete.*|save.*|writeSpec"))))
		.because("JobWrites writes each job's job_change row in the transaction of its write, "
				+ "which the leader's change poll reads");

	@ArchTest
	static final ArchRule clusterUsesNoApiFeature = noClasses().that()
		.resideInAPackage("io.crony.web.cluster..")
		.should()
		.dependOnClassesThat(resideInAPackage("io.crony.web..")
			.and(not(resideInAnyPackage("io.crony.web.cluster..", "io.crony.web.support.."))));

	@ArchTest
	static final ArchRule clusterParts = layeredArchitecture().consideringOnlyDependenciesInLayers()
		.layer("Leader")
		.definedBy("io.crony.web.cluster.leader..")
		.layer("Assignment")
		.definedBy("io.crony.web.cluster.assignment..")
		.layer("Placement")
		.definedBy("io.crony.web.cluster.placement..")
		.layer("Membership")
		.definedBy("io.crony.web.cluster.membership..")
		.layer("Leadership")
		.definedBy("io.crony.web.cluster.leadership..")
		.layer("Shared")
		.definedBy("io.crony.web.cluster")
		.whereLayer("Leader")
		.mayOnlyAccessLayers("Assignment", "Placement", "Membership", "Leadership", "Shared")
		.whereLayer("Assignment")
		.mayOnlyAccessLayers("Leadership", "Shared")
		.whereLayer("Placement")
		.mayOnlyAccessLayers("Shared")
		.whereLayer("Membership")
		.mayOnlyAccessLayers("Shared")
		.whereLayer("Leadership")
		.mayOnlyAccessLayers("Shared")
		.whereLayer("Shared")
		.mayNotAccessAnyLayer();

	// One owner for an execution row's status: the state machine in crony-common builds
	// every status change, and only these writers use it.
	private static final String[] STATUS_WRITERS = { "io.crony.web.execution.StatusWrites",
			"io.crony.web.execution.ExecutionReconciler", "io.crony.web.workflow.LiveCycles",
			"io.crony.web.workflow.ReleasedRuns", "io.crony.web.workflow.RunClears" };

	@ArchTest
	static final ArchRule onlyTheWritersUseTheRunStateMachine = noClasses().that()
		.haveNameNotMatching(
				"io\\.crony\\.web\\.(execution\\.(StatusWrites|ExecutionReconciler)|workflow\\.(LiveCycles|ReleasedRuns|RunClears))(\\$.*)?")
		.should()
		.dependOnClassesThat()
		.belongToAnyOf(RunTransition.class)
		.because("an execution row's status changes in these writers, each through one RunTransition");

	@ArchTest
	static final ArchRule executionStatusIsWrittenOnlyThroughTheStateMachine = classes().that()
		.areTopLevelClasses()
		.should(ExecutionStatusWrites.onlyThroughTheStateMachine(java.util.Set.of(STATUS_WRITERS[0], STATUS_WRITERS[1],
				STATUS_WRITERS[2], STATUS_WRITERS[3], STATUS_WRITERS[4], "io.crony.web.execution.ReportMapper")));

	@ArchTest
	static final ArchRule onlyTheWorkflowWritersUseTheWorkflowRunAndBackfillStateMachines = noClasses().that()
		.haveNameNotMatching(
				"io\\.crony\\.web\\.workflow\\.(DependentRuns|RunClears|ShardReruns|Backfills|BackfillController)(\\$.*)?")
		.should()
		.dependOnClassesThat()
		.belongToAnyOf(WorkflowRunTransition.class, BackfillTransition.class)
		.because("a workflow run's and a backfill's status change in these writers, each through one transition");

	@ArchTest
	static final ArchRule onlyTheErrorPackageAnswersTheCatchAllFieldCode = noClasses().that()
		.resideOutsideOfPackage("io.crony.web.error")
		.should()
		.accessField(FieldErrorCode.class, "INVALID")
		.because("each of Crony's rules answers a code of its own, which the dashboard words in the reader's "
				+ "language; INVALID is left for a failure a framework reports (FieldProblem.uncoded)");

}
