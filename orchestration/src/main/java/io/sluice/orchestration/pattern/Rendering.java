package io.sluice.orchestration.pattern;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** What {@link Patterns#render} made of a pattern name and a config: a definition, or why there is none. */
public sealed interface Rendering {

    /**
     * The rendered ASL definition and its content hash. The definition depends only on the
     * config's shape (retry policy, how many enrichment or transform jobs, how many export
     * targets); every other value is read from the config at run time.
     */
    record Rendered(PipelinePattern pattern, JsonNode definition, String hash) implements Rendering {}

    /** The config does not match the pattern's schema: every problem, in pointer order. */
    record Rejected(PipelinePattern pattern, List<ConfigProblem> problems) implements Rendering {
        public Rejected {
            problems = List.copyOf(problems);
        }
    }

    /** No pattern has this name. */
    record UnknownPattern(String name, List<String> known) implements Rendering {
        public UnknownPattern {
            known = List.copyOf(known);
        }
    }
}
