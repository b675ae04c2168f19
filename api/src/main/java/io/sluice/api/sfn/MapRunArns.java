package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.maprun.MapRunNames;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Map run ARNs as Step Functions forms them, {@code arn:aws:states:<region>:<account>:mapRun:<machine>/<label>:<run id>},
 * and the names of a map run's child executions, {@code <run id>:<index>} under the parent's machine (the map-run
 * function names them so).
 */
final class MapRunArns {
    private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
    private static final Pattern ARN = Pattern.compile("arn:aws[a-z-]*:states:([a-z0-9-]*):([0-9]*):mapRun:([A-Za-z0-9_.-]{1,80})/([^:]{1,80}):(" + UUID + ")");

    private MapRunArns() {}

    /** A map run: the machine its parent runs, its label (the Map state's {@code Label} or name) and its run id. */
    record MapRunRef(String machine, String label, String runId) {
        /** Whether an execution of the machine named {@code name} is one of this run's children. */
        boolean hasChild(String name) {
            return MapRunNames.isChildOf(name, runId);
        }
    }

    /** Reads a map run ARN of this endpoint's region and account; throws {@code InvalidArn} naming {@code field} otherwise. */
    static MapRunRef parse(Arns arns, String arn, String field) {
        Matcher m = arn == null ? null : ARN.matcher(arn);
        if (m == null || !m.matches()) {
            throw SfnError.INVALID_ARN.with("Invalid Arn: '" + (arn == null ? "" : Arns.shown(arn)) + "' (" + field + "); expected"
                    + " arn:aws:states:<region>:<account>:mapRun:<machine>/<label>:<map run id>.");
        }
        if (!m.group(1).equals(arns.region()) || !m.group(2).equals(arns.account())) {
            throw SfnError.INVALID_ARN.with("Invalid Arn: '" + Arns.shown(arn) + "' (" + field + ") names region '" + m.group(1)
                    + "' and account '" + m.group(2) + "'; this endpoint serves region '" + arns.region() + "', account '" + arns.account() + "'.");
        }
        return new MapRunRef(m.group(3), m.group(4), m.group(5));
    }

    /** A map run's ARN: {@code arn:aws:states:<region>:<account>:mapRun:<machine>/<label>:<run id>}. */
    static String of(Arns arns, String machine, String label, String runId) {
        return "arn:aws:states:" + arns.region() + ":" + arns.account() + ":mapRun:" + machine + "/" + label + ":" + runId;
    }

    /**
     * Fills the {@code mapRunArn} of each MapRunStarted event the engine's history line left without one: the run the
     * line's task token starts ({@link MapRunNames#runId}), under the Map's label. The events are in the lines' order.
     */
    static void fill(List<JsonNode> lines, List<ObjectNode> events, Arns arns, String machine) {
        Iterator<ObjectNode> started = events.stream().filter(e -> e.path("type").asText().equals("MapRunStarted")).iterator();
        for (JsonNode line : lines) {
            if (!line.path("type").asText().equals("MAP_RUN_STARTED") || !started.hasNext()) {
                continue;
            }
            ObjectNode details = (ObjectNode) started.next().get("mapRunStartedEventDetails");
            JsonNode detail = line.path("detail");
            if (details != null && details.path("mapRunArn").asText("").isEmpty() && detail.hasNonNull("token")) {
                details.put("mapRunArn", ofStart(arns, machine, line));
            }
        }
    }

    /** The ARN of the map run a MAP_RUN_STARTED history line started. */
    static String ofStart(Arns arns, String machine, JsonNode line) {
        JsonNode detail = line.path("detail");
        String label = detail.path("request").path("Label").asText(line.path("state").asText());
        return detail.hasNonNull("mapRunArn") ? detail.get("mapRunArn").asText()
                : of(arns, machine, label, MapRunNames.runId(detail.path("token").asText()));
    }

    /** The Map's label a MAP_RUN_STARTED history line names (its {@code Label}, else the state's name). */
    static String label(JsonNode line) {
        return line.path("detail").path("request").path("Label").asText(line.path("state").asText());
    }

    /** Whether an execution's name is that of a distributed Map's child ({@code <run id>:<index>}). */
    static boolean isChild(String name) {
        return MapRunNames.isChild(name);
    }
}
