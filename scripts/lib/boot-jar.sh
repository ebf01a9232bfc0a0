# Starting a Spring Boot jar the way the tests do (sourced by test-api-fuzz.sh and test-e2e.sh).
#
#   boot_jar_args JAR    prints, one a line, the java arguments that start JAR: from the
#                        extracted form and class-data-sharing archive the tests' BootJar
#                        (crony-test-support) left beside it (the one made without
#                        JaCoCo's agent, else the one made with it), when they were made from this
#                        very jar (its size and modification time in the stamp BootJar
#                        writes), else plainly `-jar JAR`
#
# After Maven's tests (make test) the system tests have left both for crony-web and
# crony-agent, so the processes started after them (the API fuzz pass, the browser tests)
# start on less than half the CPU time: crony-web 7 CPU s to its first sign-in instead of
# 18 (docs/testing.md, "the levers of 2026-11-30"). A JVM that finds the archive does not
# fit ignores it and starts as it would without.
boot_jar_args() {
	local jar=$1 home app stamp
	home=${jar%.jar}-launch
	app=$home/app/$(basename "$jar")
	stamp="$(stat -c %s "$jar") $(date -r "$jar" +%s%3N)"
	if [ -f "$app" ] && [ "$(cat "$home/source" 2>/dev/null)" = "$stamp" ]; then
		if [ -f "$home/classes.jsa" ]; then
			printf '%s\n' "-XX:SharedArchiveFile=$home/classes.jsa"
		elif [ -f "$home/classes-coverage.jsa" ]; then
			# made by processes under JaCoCo's agent, which read multi-release jars by
			# their base entries (CoverageAgent says why): read them the same way
			printf '%s\n' "-XX:SharedArchiveFile=$home/classes-coverage.jsa" -Djdk.util.jar.enableMultiRelease=false
		fi
		printf '%s\n' -jar "$app"
	else
		printf '%s\n' -jar "$jar"
	fi
}
