package io.sluice.api.port;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pipelines as the Step Functions API shows them, state machines: every pipeline there is (pipeline files
 * included) and what the API records about those it created or changed (type, role, description, tags). A machine
 * created through the API is written where the host's pipelines are, so it is a pipeline like any other (triggers,
 * {@code dependsOn}, the status table see it) and is there after a restart. Whether a caller may see or change one is
 * decided by the API before it calls here.
 */
public interface StateMachines {

    enum Type { STANDARD, EXPRESS }

    /**
     * A state machine.
     *
     * @param definition the ASL definition as text (a pattern pipeline's rendered definition); the file's text when it
     *                   is not valid
     * @param problems   why it cannot run now (empty when it can); warnings are not among them
     * @param created    when it was created (a pipeline file that was never touched through the API: its file's time)
     */
    record Machine(String name, Type type, String definition, String roleArn, String description, Instant created,
                   Instant updated, Map<String, String> tags, List<String> problems) {
        public Machine {
            tags = Map.copyOf(tags);
            problems = List.copyOf(problems);
        }
    }

    /** What the API asks to be written: a new machine, or the new state of one. */
    record Spec(String name, Type type, String definition, String roleArn, String description, Map<String, String> tags) {
        public Spec {
            tags = Map.copyOf(tags);
        }
    }

    /** The names of every machine there is now, in order. */
    List<String> names();

    Optional<Machine> find(String name);

    /**
     * What keeps {@code definition} from running on this host, beyond what the ASL validator finds: a Task calling a
     * function the host does not have, a resource that cannot run here. Empty when it can run.
     */
    List<String> hostProblems(String name, String definition);

    /** Writes the machine (creating or replacing its definition and what is recorded about it) and returns it as it is then. */
    Machine save(Spec spec, Instant now);

    /** Removes the machine; {@code false} when there was none. Its executions are left as they are. */
    boolean delete(String name);
}
