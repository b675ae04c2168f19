package io.sluice.functions.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.trigger.schedule.ScheduleSyntaxException;
import io.sluice.functions.trigger.schedule.ScheduleShape;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the {@code schedule} field of a pipeline's options: one expression, one schedule object, or
 * several labelled ones.
 *
 * <pre>{@code
 * "schedule": "cron(0 3 * * ? *)"
 * "schedule": {"expression": "0 3 * * *", "timezone": "Europe/Berlin", "overlap": "skip", "catchUp": "latest"}
 * "schedule": [{"label": "morning", "expression": "0 6 * * *"}, {"label": "evening", "expression": "0 18 * * *"}]
 * }</pre>
 *
 * {@code timezone} defaults to UTC, {@code overlap} to {@code skip} (a run still going makes the fire
 * drop, rather than pile up) and {@code catchUp} to {@code latest} (after downtime, one run for the
 * fires missed). In a list every schedule needs a {@code label}, which names its executions
 * ({@code sched-<label>-20261129T0300Z}).
 */
final class ScheduleOptions {
    static final Set<String> FIELDS = Set.of("label", "expression", "timezone", "overlap", "catchUp");
    private static final Pattern LABEL = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,23}");

    private ScheduleOptions() {}

    static List<PipelineOptions.Schedule> read(JsonNode node, String file, List<PipelineProblem> problems) {
        List<PipelineOptions.Schedule> out = new ArrayList<>();
        if (node == null || node.isMissingNode() || node.isNull()) {
            return out;
        }
        if (node.isArray()) {
            Set<String> labels = new HashSet<>();
            for (int i = 0; i < node.size(); i++) {
                String at = "/schedule/" + i;
                PipelineOptions.Schedule s = one(node.get(i), at, true, file, problems);
                if (s != null && !labels.add(s.label())) {
                    problems.add(new PipelineProblem(file, at + "/label", "'" + s.label() + "' labels an earlier schedule too", false));
                } else if (s != null) {
                    out.add(s);
                }
            }
            return out;
        }
        PipelineOptions.Schedule s = one(node, "/schedule", false, file, problems);
        if (s != null) {
            out.add(s);
        }
        return out;
    }

    private static PipelineOptions.Schedule one(JsonNode node, String at, boolean inList, String file, List<PipelineProblem> problems) {
        if (node.isTextual() && !inList) {
            return shape(node.asText(), "UTC", "skip", "latest", null, at, at, file, problems);
        }
        if (!node.isObject()) {
            problems.add(new PipelineProblem(file, at, inList
                    ? "expected {\"label\": ..., \"expression\": ...}"
                    : "expected an expression such as \"cron(0 3 * * ? *)\", a schedule object {\"expression\": ...}, or a list of them", false));
            return null;
        }
        int before = problems.size();
        node.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) {
                problems.add(new PipelineProblem(file, at + "/" + f, "unknown field; a schedule has " + FIELDS.stream().sorted().toList(), false));
            }
        });
        String label = text(node, "label", at, file, problems);
        if (label != null && !LABEL.matcher(label).matches()) {
            problems.add(new PipelineProblem(file, at + "/label", "expected a letter then up to 23 letters, digits, _ and -", false));
        } else if (label == null && inList && !node.has("label")) {
            problems.add(new PipelineProblem(file, at + "/label", "missing; each schedule of a list needs a label", false));
        }
        String expression = text(node, "expression", at, file, problems);
        if (expression == null && !node.has("expression")) {
            problems.add(new PipelineProblem(file, at + "/expression", "missing; expected cron(...), rate(...) or a five-field cron expression",
                    false));
        }
        String zone = orDefault(text(node, "timezone", at, file, problems), "UTC");
        String overlap = orDefault(text(node, "overlap", at, file, problems), "skip");
        String catchUp = orDefault(text(node, "catchUp", at, file, problems), "latest");
        if (expression == null) {
            return null;
        }
        PipelineOptions.Schedule schedule = shape(expression, zone, overlap, catchUp, label, at + "/expression", at, file, problems);
        return problems.size() > before ? null : schedule;
    }

    private static PipelineOptions.Schedule shape(String expression, String zone, String overlap, String catchUp, String label,
                                                  String expressionAt, String at, String file, List<PipelineProblem> problems) {
        try {
            return new PipelineOptions.Schedule(label, ScheduleShape.of(expression, zone, overlap, catchUp));
        } catch (IllegalArgumentException e) {
            String pointer = switch (e instanceof ScheduleSyntaxException s ? String.valueOf(s.field()) : "") {
                case "overlap" -> at + "/overlap";
                case "catch-up" -> at + "/catchUp";
                default -> e.getMessage().contains("is not a time zone") ? at + "/timezone" : expressionAt;
            };
            problems.add(new PipelineProblem(file, pointer, e.getMessage(), false));
            return null;
        }
    }

    private static String text(JsonNode node, String field, String at, String file, List<PipelineProblem> problems) {
        JsonNode v = node.get(field);
        if (v == null) {
            return null;
        }
        if (!v.isTextual()) {
            problems.add(new PipelineProblem(file, at + "/" + field, "expected a string", false));
            return null;
        }
        return v.asText();
    }

    private static String orDefault(String value, String otherwise) {
        return value == null ? otherwise : value;
    }
}
