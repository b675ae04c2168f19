package io.sluice.functions.start;

import io.sluice.orchestration.definition.Definition;
import java.util.Optional;
import java.util.function.Function;

/**
 * The definition a pipeline runs now, as its host deploys pipelines (a folder of files locally, the
 * files bundled with a Lambda), or why it cannot run.
 */
@FunctionalInterface
public interface PipelineDefinitions {

    Lookup find(String pipeline);

    /** What {@link #find} knows about a pipeline id. */
    sealed interface Lookup {
        record Found(Definition definition) implements Lookup {}

        /** Not deployed, or invalid: {@code reason} is a sentence for the log and the caller. */
        record Unavailable(String reason) implements Lookup {}
    }

    /** Over a plain lookup; an id it does not know is "not deployed". */
    static PipelineDefinitions of(Function<String, Optional<Definition>> definitions) {
        return id -> definitions.apply(id).<Lookup>map(Lookup.Found::new)
                .orElseGet(() -> new Lookup.Unavailable("no pipeline '" + id + "' is deployed"));
    }
}
