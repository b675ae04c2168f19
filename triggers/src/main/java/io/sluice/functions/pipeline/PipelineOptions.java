package io.sluice.functions.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.trigger.upstream.Dependent.Dependency;
import io.sluice.functions.trigger.upstream.DependsOn;
import io.sluice.functions.trigger.schedule.ScheduleKey;
import io.sluice.functions.trigger.schedule.ScheduleShape;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What a pipeline declares besides its definition, in {@code <id>.pipeline.json} next to
 * {@code <id>.asl.json} (ASL itself has no room for it: Step Functions refuses unknown fields):
 *
 * <pre>{@code
 * {"dependsOn": ["orders", {"pipeline": "hourly-rates", "partitions": "same-date"}],
 *  "webhook": {"secret": "orders-webhook", "toleranceSeconds": 300},
 *  "schedule": {"expression": "cron(0 3 * * ? *)", "timezone": "Europe/Berlin", "overlap": "skip", "catchUp": "latest"},
 *  "retention": "P7D", "priority": "P1", "hibernateAfter": "PT30M"}
 * }</pre>
 *
 * <ul>
 *   <li>{@code dependsOn}: start this pipeline for a partition once every named upstream has SUCCEEDED
 *       for it; {@code partitions} is {@code identity} (default) or {@code same-date}.
 *   <li>{@code webhook.secret}: the name of the secret (resolved as every local secret is:
 *       {@code SLUICE_SECRET_<NAME>} or the secrets folder) that signs {@code POST /v1/pipelines/{id}/webhook};
 *       with it, unsigned requests are refused. {@code toleranceSeconds} (default 300): how far a
 *       request's timestamp may be from the server's clock.
 *   <li>{@code schedule}: when the runtime starts the pipeline by itself; see {@link ScheduleOptions} for
 *       the forms and defaults. Executions are named after the scheduled time ({@code sched-20261129T0300Z}).
 *   <li>{@code retention}: how long this pipeline's finished executions stay in Redis before they move to the
 *       archive (an ISO-8601 duration such as {@code "PT6H"} or {@code "P7D"}); without it, {@code sluice.retention}.
 *   <li>{@code priority}: the pipeline's priority channel, {@code "P0"} (highest) to {@code "P3"}; default {@code "P2"}.
 *       A start may override it for one execution.
 *   <li>{@code hibernateAfter}: how far away everything an execution waits for (a Wait or retry timer) must be before
 *       it sleeps in the object store (an ISO-8601 duration; a callback, job or activity task always counts as far), or
 *       {@code "never"}; without it, the runtime's default (five minutes).
 * </ul>
 *
 * @param webhook   {@code null} when the webhook is not signed
 * @param retention {@code null} when the runtime's default applies
 * @param hibernateAfter {@code null} when the runtime's default applies; {@link #NEVER_HIBERNATE} for {@code "never"}
 */
public record PipelineOptions(List<Dependency> dependsOn, Webhook webhook, List<Schedule> schedules, Duration retention,
                              Priority priority, Duration hibernateAfter) {
    /** {@code "hibernateAfter": "never"}: this pipeline's executions stay in the execution store while they wait. */
    public static final Duration NEVER_HIBERNATE = Duration.ofSeconds(Long.MAX_VALUE);
    public static final PipelineOptions NONE = new PipelineOptions(List.of(), null, List.of(), null, Priority.DEFAULT, null);
    private static final List<String> FIELDS = List.of("dependsOn", "webhook", "schedule", "retention", "priority", "hibernateAfter");
    private static final Duration MAX_HIBERNATE_AFTER = Duration.ofDays(365);
    private static final Duration MAX_RETENTION = Duration.ofDays(3650);
    private static final Pattern SECRET = Pattern.compile("[A-Za-z0-9_.-]{1,128}");
    private static final int DEFAULT_TOLERANCE = 300;
    private static final int MAX_TOLERANCE = 3600;

    /** Options on the {@link Priority#DEFAULT} channel. */
    public PipelineOptions(List<Dependency> dependsOn, Webhook webhook, List<Schedule> schedules, Duration retention) {
        this(dependsOn, webhook, schedules, retention, Priority.DEFAULT);
    }

    /** Options that leave hibernation to the runtime's default. */
    public PipelineOptions(List<Dependency> dependsOn, Webhook webhook, List<Schedule> schedules, Duration retention, Priority priority) {
        this(dependsOn, webhook, schedules, retention, priority, null);
    }

    public PipelineOptions {
        java.util.Objects.requireNonNull(priority, "priority");
        dependsOn = List.copyOf(dependsOn);
        schedules = List.copyOf(schedules);
    }

    /** A schedule that starts the pipeline; {@code label} is {@code null} for a pipeline's only schedule. */
    public record Schedule(String label, ScheduleShape shape) {
        /** The schedule's key in the schedule index ({@code pipeline} or {@code pipeline/label}). */
        public ScheduleKey key(String pipeline) {
            return new ScheduleKey(pipeline, label);
        }
    }

    /** A signed webhook: the secret's name and the timestamp tolerance. */
    public record Webhook(String secret, Duration tolerance) {}

    /** Options and the problems found reading them; {@code options} is {@code null} when they cannot be used. */
    public record Parsed(PipelineOptions options, List<PipelineProblem> problems) {}

    public static Parsed parse(String id, JsonNode json, String file) {
        List<PipelineProblem> problems = new ArrayList<>();
        if (!json.isObject()) {
            problems.add(new PipelineProblem(file, "", "expected a JSON object with 'dependsOn', 'webhook', 'schedule', 'retention' and/or"
                    + " 'priority'", false));
            return new Parsed(null, problems);
        }
        json.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) {
                problems.add(new PipelineProblem(file, "/" + f, "unknown field; expected 'dependsOn', 'webhook', 'schedule', 'retention',"
                        + " 'priority' or 'hibernateAfter'", false));
            }
        });
        List<Dependency> deps = dependsOn(id, json.path("dependsOn"), file, problems);
        Webhook webhook = webhook(json.get("webhook"), file, problems);
        List<Schedule> schedules = ScheduleOptions.read(json.get("schedule"), file, problems);
        Duration retention = retention(json.get("retention"), file, problems);
        Priority priority = priority(json.get("priority"), file, problems);
        Duration hibernateAfter = hibernateAfter(json.get("hibernateAfter"), file, problems);
        return new Parsed(problems.isEmpty() ? new PipelineOptions(deps, webhook, schedules, retention, priority, hibernateAfter) : null,
                List.copyOf(problems));
    }

    private static Priority priority(JsonNode p, String file, List<PipelineProblem> problems) {
        if (p == null || p.isNull()) {
            return Priority.DEFAULT;
        }
        java.util.Optional<Priority> found = p.isTextual() ? Priority.find(p.asText()) : java.util.Optional.empty();
        if (found.isEmpty()) {
            problems.add(new PipelineProblem(file, "/priority", "expected " + Priority.EXPECTED + ", such as \"P1\"; got " + p, false));
            return Priority.DEFAULT;
        }
        return found.get();
    }

    private static Duration hibernateAfter(JsonNode h, String file, List<PipelineProblem> problems) {
        if (h == null || h.isNull()) {
            return null;
        }
        if (h.isTextual() && h.asText().equals("never")) {
            return NEVER_HIBERNATE;
        }
        try {
            Duration d = Duration.parse(h.asText(""));
            if (h.isTextual() && !d.isNegative() && d.compareTo(MAX_HIBERNATE_AFTER) <= 0) {
                return d;
            }
        } catch (java.time.format.DateTimeParseException e) {
            // reported below
        }
        problems.add(new PipelineProblem(file, "/hibernateAfter", "expected an ISO-8601 duration from PT0S to P365D, such as \"PT30M\","
                + " or \"never\"; got " + h, false));
        return null;
    }

    private static Duration retention(JsonNode r, String file, List<PipelineProblem> problems) {
        if (r == null || r.isNull()) {
            return null;
        }
        try {
            Duration d = Duration.parse(r.asText(""));
            if (r.isTextual() && !d.isNegative() && d.compareTo(MAX_RETENTION) <= 0) {
                return d;
            }
        } catch (java.time.format.DateTimeParseException e) {
            // reported below
        }
        problems.add(new PipelineProblem(file, "/retention", "expected an ISO-8601 duration from PT0S to P3650D, such as \"P7D\" or "
                + "\"PT6H\"; got " + r, false));
        return null;
    }

    private static List<Dependency> dependsOn(String id, JsonNode list, String file, List<PipelineProblem> problems) {
        return DependsOn.read(id, list, (pointer, message) -> problems.add(new PipelineProblem(file, pointer, message, false)));
    }

    private static Webhook webhook(JsonNode w, String file, List<PipelineProblem> problems) {
        if (w == null || w.isNull()) {
            return null;
        }
        String secret = w.path("secret").asText("");
        if (!w.isObject() || !SECRET.matcher(secret).matches()) {
            problems.add(new PipelineProblem(file, "/webhook/secret", "expected the name of a secret (1-128 letters, digits and _ . -), "
                    + "never the secret itself", false));
            return null;
        }
        JsonNode t = w.path("toleranceSeconds");
        int tolerance = t.isMissingNode() ? DEFAULT_TOLERANCE : t.asInt(-1);
        if (!t.isMissingNode() && (!t.isIntegralNumber() || tolerance < 1 || tolerance > MAX_TOLERANCE)) {
            problems.add(new PipelineProblem(file, "/webhook/toleranceSeconds", "expected whole seconds from 1 to " + MAX_TOLERANCE, false));
            return null;
        }
        return new Webhook(secret, Duration.ofSeconds(tolerance));
    }
}
