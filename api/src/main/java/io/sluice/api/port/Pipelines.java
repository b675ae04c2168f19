package io.sluice.api.port;

import io.sluice.functions.trigger.upstream.Dependent;
import java.time.Duration;
import java.util.List;

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
