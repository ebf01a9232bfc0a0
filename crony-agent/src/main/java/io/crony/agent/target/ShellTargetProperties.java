package io.crony.agent.target;

import java.util.List;

import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Shell targets ({@code crony.agent.shell}): off unless enabled, and then only for
 * allowed commands.
 *
 * @param enabled whether this agent runs shell targets at all
 * @param allowedCommands executables (first word of the command line) that may run
 */
public record ShellTargetProperties(@DefaultValue("false") boolean enabled, List<String> allowedCommands) {

	public ShellTargetProperties {
		allowedCommands = (allowedCommands != null) ? List.copyOf(allowedCommands) : List.of();
	}

}
