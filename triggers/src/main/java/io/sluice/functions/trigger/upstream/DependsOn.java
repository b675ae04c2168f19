package io.sluice.functions.trigger.upstream;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.trigger.upstream.Dependent.Dependency;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a pipeline's {@code dependsOn}, the same on every host (the local pipelines folder's
 * {@code <id>.pipeline.json}, the files bundled with a cloud deployment):
 * {@code ["orders", {"pipeline": "hourly-rates", "partitions": "same-date"}]}.
 */
public final class DependsOn {
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_.@-]{1,80}");

    private DependsOn() {}

    /** Where a problem was found ({@code /dependsOn/1/partitions}) and what was expected there. */
    @FunctionalInterface
    public interface Problems {
        void add(String pointer, String message);
    }

    /**
     * The dependencies {@code list} declares for {@code pipeline}; every entry that is not one is
     * reported to {@code problems} and left out. A missing {@code list} declares none.
     */
    public static List<Dependency> read(String pipeline, JsonNode list, Problems problems) {
        List<Dependency> out = new ArrayList<>();
        if (list == null || list.isMissingNode()) {
            return out;
        }
        if (!list.isArray()) {
            problems.add("/dependsOn", "expected an array of upstream pipelines");
            return out;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            String at = "/dependsOn/" + i;
            JsonNode d = list.get(i);
            String upstream = d.isTextual() ? d.asText() : d.path("pipeline").asText("");
            String mapping = d.isObject() ? d.path("partitions").asText(PartitionMapping.IDENTITY.label()) : PartitionMapping.IDENTITY.label();
            PartitionMapping m = PartitionMapping.byLabel(mapping).orElse(null);
            if (!ID.matcher(upstream).matches()) {
                problems.add(at, "expected a pipeline id, or {\"pipeline\": id, \"partitions\": \"identity\" | \"same-date\"}");
            } else if (m == null) {
                problems.add(at + "/partitions", "expected 'identity' or 'same-date', got '" + mapping + "'");
            } else if (upstream.equals(pipeline)) {
                problems.add(at, "a pipeline cannot wait for itself");
            } else if (!seen.add(upstream)) {
                problems.add(at, "'" + upstream + "' is named twice");
            } else {
                out.add(new Dependency(upstream, m));
            }
        }
        return out;
    }
}
