package io.crony.test;

import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Knows which test class runs now in this JVM, for {@link ProcessLedger}. The JUnit
 * launcher finds it through {@code META-INF/services}, so every module whose tests have
 * crony-test-support on their class path has it without configuration. Surefire and
 * Failsafe run one class at a time per JVM (two JVMs at once where {@code forkCount} says
 * so); should classes ever run concurrently in one JVM, the one started last wins, and a
 * class's processes may be counted against its neighbour. A {@code @Nested} class counts
 * as the class it is written in.
 */
public final class TestClassListener implements TestExecutionListener {

	private static final Deque<String> RUNNING = new ConcurrentLinkedDeque<>();

	private static volatile boolean planRunning;

	/**
	 * The test class running now, {@code "(no class)"} between classes, null outside
	 * JUnit.
	 */
	static String current() {
		if (!planRunning) {
			return null;
		}
		String running = RUNNING.peekFirst();
		return (running != null) ? running : "(no class)";
	}

	@Override
	public void testPlanExecutionStarted(TestPlan testPlan) {
		planRunning = true;
	}

	@Override
	public void testPlanExecutionFinished(TestPlan testPlan) {
		planRunning = false;
		RUNNING.clear();
	}

	@Override
	public void executionStarted(TestIdentifier identifier) {
		if (identifier.getSource().orElse(null) instanceof ClassSource source) {
			RUNNING.addFirst(topLevel(source));
		}
	}

	@Override
	public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
		if (identifier.getSource().orElse(null) instanceof ClassSource source) {
			RUNNING.removeFirstOccurrence(topLevel(source));
		}
	}

	// a @Nested class's processes count for the class it is written in, as one report row
	private static String topLevel(ClassSource source) {
		String name = source.getClassName();
		int nested = name.indexOf('$');
		return (nested > 0) ? name.substring(0, nested) : name;
	}

}
