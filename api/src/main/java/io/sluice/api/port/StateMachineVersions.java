package io.sluice.api.port;

import io.sluice.functions.start.StartResult;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The published versions of a state machine (immutable snapshots of its definition, numbered from 1) and its aliases
 * (a name routing starts to one version, or between two by weight), and starting an execution of a definition that is
 * not the machine's current one. Kept by the host with what it records of the machine.
 */
public interface StateMachineVersions {

    record Version(int number, String definition, String description, Instant created) {}

    /** One version an alias routes to, with its share of the starts (0-100; the shares of an alias add up to 100). */
    record Route(int version, int weight) {}

    record Alias(String name, String description, List<Route> routes, Instant created, Instant updated) {
        public Alias {
            routes = List.copyOf(routes);
        }
    }

    /** Newest first. */
    List<Version> versions(String machine);

    /**
     * Publishes {@code definition} as the next version, unless the newest version has that very definition: then that
     * one is returned, as the service does.
     */
    Version publish(String machine, String definition, String description, Instant now);

    List<Alias> aliases(String machine);

    /** Creates or replaces an alias. */
    Alias saveAlias(String machine, Alias alias);

    /** Deletes version {@code number}; whether there was one. A deleted version's number is never published again. */
    boolean deleteVersion(String machine, int number);

    /** Deletes an alias; whether there was one. */
    boolean deleteAlias(String machine, String name);

    /**
     * Starts {@code pipeline} under {@code name} with {@code definition} rather than the pipeline's current one (the
     * execution is pinned to it, as every execution is to the definition it started with).
     */
    StartResult start(String pipeline, String name, String definition, JsonNode input);

    /**
     * As {@link #start(String, String, String, JsonNode)}, remembering the qualifier of the version or alias ARN the start
     * named ({@code 3}, or {@code live:3} for alias {@code live} choosing version 3) with the execution, for
     * DescribeExecution; a host that cannot keep it starts the execution without it.
     */
    default StartResult start(String pipeline, String name, String definition, JsonNode input, String startedThrough) {
        return start(pipeline, name, definition, input);
    }

    /** The definition an execution is pinned to, by its hash ({@code ExecutionSummary.definitionHash}); empty when none was stored. */
    Optional<String> pinned(String definitionHash);

    default Optional<Version> version(String machine, int number) {
        return versions(machine).stream().filter(v -> v.number() == number).findFirst();
    }

    default Optional<Alias> alias(String machine, String name) {
        return aliases(machine).stream().filter(a -> a.name().equals(name)).findFirst();
    }
}
