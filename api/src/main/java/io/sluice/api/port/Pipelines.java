package io.sluice.api.port;

import io.sluice.functions.trigger.upstream.Dependent;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The pipelines the HTTP API serves, as it shows them: their ids, whether each can run, and what
 * each declares besides its definition (upstreams, a signed webhook). The host implements it over
 * wherever its pipelines come from (the local pipelines folder, a bundle).
 */
public interface Pipelines {

    /** The ids of every pipeline there is now, in order (look each up with {@link #find}). */
    List<String> ids();

    /** The pipeline {@code id} as it is now. */
    Lookup find(String id);

    /** What pipeline {@code id} declares besides its definition; none for a pipeline that declares nothing. */
    Options options(String id);

    /**
     * Where pipeline {@code id} would come from, as answers say it to a caller who may know
     * ({@code a file pipelines/orders.asl.json}); never an absolute path of the server.
     */
    String whereExpected(String id);

    /**
     * The pattern pipeline {@code id} is rendered from ({@code ingestion}, {@code export}, ...); empty for a
     * pipeline written as a state machine, and on a host that does not say.
     */
    default Optional<String> pattern(String id) {
        return Optional.empty();
    }

    /**
     * The upstream pipelines a pattern pipeline {@code id} waits for inside its run (its config's
     * {@code dependencies.upstream}: the dependency-check step), as against the starts {@code dependsOn} makes; none for
     * a state machine, and on a host that does not say.
     */
    default List<String> patternUpstreams(String id) {
        return List.of();
    }

    /** The schedules pipeline {@code id} declares, each with its next {@code fires} fire times after {@code now}; none on a host that does not say. */
    default List<Schedule> schedules(String id, Instant now, int fires) {
        return List.of();
    }

    /** The object rules that start pipeline {@code id} (which objects, where); none on a host that does not say. */
    default List<io.sluice.functions.trigger.object.ObjectRule> objectRules(String id) {
        return List.of();
    }

    /** The definition pipeline {@code id} runs now (a pattern pipeline's rendered one); empty when it has none that parses. */
    default Optional<JsonNode> definition(String id) {
        return Optional.empty();
    }

    /** A schedule as declared: {@code label} {@code null} for an unlabelled one; {@code next} earliest first. */
    record Schedule(String label, String expression, String timezone, String overlap, String catchUp, List<Instant> next) {
        public Schedule {
            next = List.copyOf(next);
        }
    }

    /** What {@link #find} found. */
    sealed interface Lookup {
        record Found(String id, String definitionHash) implements Lookup {}

        /** The pipeline is there but cannot run, for {@code problems} (warnings among them). */
        record Invalid(String id, List<Problem> problems) implements Lookup {}

        record Missing(String id) implements Lookup {}
    }

    /** Something wrong with a pipeline, as a sentence naming file and place; a {@code warning} does not keep it from running. */
    record Problem(String text, boolean warning) {
        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * What a pipeline declares and the problems found reading it; {@code declared} is {@code null}
     * when the declarations cannot be used (then its webhook is closed and it depends on nothing).
     */
    record Options(Declared declared, List<Problem> problems) {
        public static final Options NONE = new Options(new Declared(List.of(), null), List.of());

        public Options {
            problems = List.copyOf(problems);
        }

        /** What {@code options} (read by the one reader of {@code <id>.pipeline.json}) declare; {@code null}: unusable. */
        public static Options of(io.sluice.functions.pipeline.PipelineOptions options, List<Problem> problems) {
            Declared declared = options == null ? null : new Declared(options.dependsOn(), options.webhook() == null ? null
                    : new Webhook(options.webhook().secret(), options.webhook().tolerance()));
            return new Options(declared, problems);
        }
    }

    /** @param webhook {@code null} when the pipeline's webhook is not signed */
    record Declared(List<Dependent.Dependency> dependsOn, Webhook webhook) {
        public Declared {
            dependsOn = List.copyOf(dependsOn);
        }
    }

    /** A signed webhook: the name of the secret that signs its requests, and how far a request's timestamp may be off. */
    record Webhook(String secret, Duration tolerance) {}
}
