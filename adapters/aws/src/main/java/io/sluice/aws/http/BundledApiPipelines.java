package io.sluice.aws.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.port.Pipelines;
import io.sluice.api.sfn.StoredStateMachines;
import io.sluice.aws.trigger.BundledPipelines;
import io.sluice.orchestration.definition.Definition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The API's {@link Pipelines} over the pipelines bundled with the deployment. A bundle with an invalid
 * pipeline does not start (see {@link BundledPipelines}), so every bundled pipeline is found and valid;
 * a signed webhook is read from its {@code <id>.pipeline.json} as the local runtime reads it. The state machines
 * created through the Step Functions API ({@link StoredStateMachines}) are pipelines here too (without options).
 */
final class BundledApiPipelines implements Pipelines {
    private static final Pattern SECRET = Pattern.compile("[A-Za-z0-9_.-]{1,128}");
    private static final int DEFAULT_TOLERANCE = 300;
    private static final int MAX_TOLERANCE = 3600;

    private final BundledPipelines bundle;
    private final StoredStateMachines created;

    BundledApiPipelines(BundledPipelines bundle, StoredStateMachines created) {
        this.bundle = bundle;
        this.created = created;
    }

    @Override
    public List<String> ids() {
        return created.names();
    }

    @Override
    public Lookup find(String id) {
        Optional<Definition> d = bundle.apply(id).or(() -> created.created(id));
        return d.<Lookup>map(definition -> new Lookup.Found(id, definition.hash())).orElseGet(() -> new Lookup.Missing(id));
    }

    @Override
    public Options options(String id) {
        Optional<JsonNode> json = bundle.options(id);
        if (json.isEmpty()) {
            return Options.NONE;
        }
        List<Problem> problems = new ArrayList<>();
        Webhook webhook = webhook(id, json.get().get("webhook"), problems);
        if (!problems.isEmpty()) {
            return new Options(null, problems);
        }
        return new Options(new Declared(bundle.dependsOn(id), webhook), List.of());
    }

    @Override
    public String whereExpected(String id) {
        return "a file pipelines/" + id + ".asl.json in the deployment's bundle";
    }

    private static Webhook webhook(String id, JsonNode w, List<Problem> problems) {
        if (w == null || w.isNull()) {
            return null;
        }
        String file = id + ".pipeline.json";
        String secret = w.path("secret").asText("");
        if (!w.isObject() || !SECRET.matcher(secret).matches()) {
            problems.add(new Problem(file + ": /webhook/secret: expected the name of a secret (1-128 letters, digits and _ . -), "
                    + "never the secret itself", false));
            return null;
        }
        JsonNode t = w.path("toleranceSeconds");
        int tolerance = t.isMissingNode() ? DEFAULT_TOLERANCE : t.asInt(-1);
        if (!t.isMissingNode() && (!t.isIntegralNumber() || tolerance < 1 || tolerance > MAX_TOLERANCE)) {
            problems.add(new Problem(file + ": /webhook/toleranceSeconds: expected whole seconds from 1 to " + MAX_TOLERANCE, false));
            return null;
        }
        return new Webhook(secret, Duration.ofSeconds(tolerance));
    }
}
