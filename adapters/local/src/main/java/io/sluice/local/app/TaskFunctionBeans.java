package io.sluice.local.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The task functions of this runtime: every {@code Function<JsonNode, JsonNode>} bean, named by its
 * bean name. A name becomes part of a queue name ({@code <prefix>-task-<name>}), so it holds only what
 * SQS allows there.
 */
public record TaskFunctionBeans(Map<String, Function<JsonNode, JsonNode>> byName) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,60}");

    public TaskFunctionBeans {
        for (String name : byName.keySet()) {
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("Function bean '" + name + "': a task function's name must be 1-60 letters, "
                        + "digits, - and _, because it names the function's queue; rename the bean (@Bean(\"my-function\")).");
            }
        }
        byName = Map.copyOf(new TreeMap<>(byName));
    }

    public Set<String> names() {
        return byName.keySet();
    }

    public TaskFunctions taskFunctions() {
        return TaskFunctions.of(byName);
    }
}
