package io.sluice.functions.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a rule from JSON, every problem named by its field:
 *
 * <pre>{@code
 * {"id": "bad-feed-1201", "effect": "block", "pipeline": "orders*", "tenant": "retail", "priority": "P2",
 *  "partitions": {"from": "2026-11-28", "to": "2026-11-30"},
 *  "from": "2026-12-01T06:00:00Z", "until": "2026-12-02T06:00:00Z",
 *  "reason": "supplier shipped bad rows (INC-4411)", "author": "data-platform-oncall"}
 * }</pre>
 *
 * {@code until} is required: a manual rule always lapses by itself, at most {@link #MAX_LIFETIME} after
 * it takes effect. {@code from} defaults to now; {@code id} to one made from the rule's JSON (the same JSON, the same id).
 */
public final class RuleParser {
    /** The longest a manual rule may stay: a rule someone forgot should not outlive a quarter. */
    public static final Duration MAX_LIFETIME = Duration.ofDays(90);
    private static final Set<String> FIELDS = Set.of("id", "effect", "pipeline", "tenant", "priority", "partitions", "from", "until",
            "reason", "author");
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
    private static final Pattern PIPELINE = Pattern.compile("[A-Za-z0-9_.*?-]{1,80}");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}");
    private static final Pattern PRIORITY = Pattern.compile("P[0-3]");
    private static final int MAX_TEXT = 1000;

    private RuleParser() {}

    /** The rule's problems, each a JSON pointer and what was expected. */
    public static final class InvalidRule extends IllegalArgumentException {
        private final List<Problem> problems;

        public InvalidRule(List<Problem> problems) {
            super(problems.stream().map(p -> (p.pointer().isEmpty() ? "/" : p.pointer()) + ": " + p.message())
                    .reduce((a, b) -> a + "; " + b).orElse("invalid rule"));
            this.problems = List.copyOf(problems);
        }

        public List<Problem> problems() {
            return problems;
        }
    }

    public record Problem(String pointer, String message) {}

    /**
     * @param author the caller's identity when the rule comes through the API (it replaces any {@code author}
     *               in the body); {@code null} for a rules file, whose rules must name theirs
     */
    public static Rule parse(JsonNode json, String at, Instant now, String author) {
        List<Problem> problems = new ArrayList<>();
        if (json == null || !json.isObject()) {
            throw new InvalidRule(List.of(new Problem(at, "expected a rule: a JSON object with 'effect', 'until', 'reason' and what it covers")));
        }
        json.fieldNames().forEachRemaining(f -> {
            if (!FIELDS.contains(f)) {
                problems.add(new Problem(at + "/" + f, "unknown field; expected one of " + new java.util.TreeSet<>(FIELDS)));
            }
        });
        String id = text(json, "id", at, ID, "1 to 64 letters, digits, '_', '.' or '-'", false, problems);
        String effectText = text(json, "effect", at, Pattern.compile("allow|block"), "'allow' or 'block'", true, problems);
        String pipeline = text(json, "pipeline", at, PIPELINE, "a pipeline id or a glob over ids (letters, digits, '_', '.', '-', '*', '?')",
                false, problems);
        String tenant = text(json, "tenant", at, NAME, "a tenant name", false, problems);
        String priority = text(json, "priority", at, PRIORITY, "P0, P1, P2 or P3", false, problems);
        String partitionFrom = null;
        String partitionTo = null;
        JsonNode partitions = json.get("partitions");
        if (partitions != null && !partitions.isNull()) {
            if (!partitions.isObject() || !(partitions.has("from") || partitions.has("to"))) {
                problems.add(new Problem(at + "/partitions", "expected {\"from\": \"2026-11-28\", \"to\": \"2026-11-30\"} (either end may be left out)"));
            } else {
                partitionFrom = text(partitions, "from", at + "/partitions", NAME, "a partition such as 2026-11-28", false, problems);
                partitionTo = text(partitions, "to", at + "/partitions", NAME, "a partition such as 2026-11-30", false, problems);
                if (partitionFrom != null && partitionTo != null && partitionFrom.compareTo(partitionTo) > 0) {
                    problems.add(new Problem(at + "/partitions", "'from' (" + partitionFrom + ") comes after 'to' (" + partitionTo + ")"));
                }
            }
        }
        Instant from = instant(json, "from", at, false, problems);
        Instant until = instant(json, "until", at, true, problems);
        Instant start = from == null ? now : from;
        if (until != null && !until.isAfter(start)) {
            problems.add(new Problem(at + "/until", "must be after " + (from == null ? "now (" + now + ")" : "'from' (" + from + ")")));
        } else if (until != null && until.isAfter(start.plus(MAX_LIFETIME))) {
            problems.add(new Problem(at + "/until", "at most " + MAX_LIFETIME.toDays() + " days after the rule takes effect (" + start.plus(MAX_LIFETIME)
                    + "); renew it then if it must stay"));
        }
        String reason = free(json, "reason", at, problems);
        String named = author != null ? author : free(json, "author", at, problems);
        if (!problems.isEmpty()) {
            throw new InvalidRule(problems);
        }
        return new Rule(id != null ? id : idOf(json),
                effectText.equals("allow") ? Rule.Effect.ALLOW : Rule.Effect.BLOCK, pipeline, tenant, priority, partitionFrom, partitionTo,
                start, until, reason, named);
    }

    /** The id of a rule given without one: made from its JSON, so the same rule sent again (a retry) replaces itself. */
    static String idOf(JsonNode json) {
        try {
            byte[] hash = java.security.MessageDigest.getInstance("SHA-256").digest(Json.write(json).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return "rule-" + java.util.HexFormat.of().formatHex(hash, 0, 4);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    public static ObjectNode json(Rule r) {
        ObjectNode o = Json.object().put("id", r.id()).put("effect", r.effect().name().toLowerCase(java.util.Locale.ROOT));
        putIf(o, "pipeline", r.pipeline());
        putIf(o, "tenant", r.tenant());
        putIf(o, "priority", r.priority());
        if (r.partitionFrom() != null || r.partitionTo() != null) {
            ObjectNode p = o.putObject("partitions");
            putIf(p, "from", r.partitionFrom());
            putIf(p, "to", r.partitionTo());
        }
        return o.put("from", r.from().toString()).put("until", r.until().toString()).put("reason", r.reason()).put("author", r.author());
    }

    private static void putIf(ObjectNode o, String field, String value) {
        if (value != null) {
            o.put(field, value);
        }
    }

    private static String text(JsonNode json, String field, String at, Pattern shape, String expected, boolean required,
                               List<Problem> problems) {
        JsonNode v = json.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                problems.add(new Problem(at + "/" + field, "required: " + expected));
            }
            return null;
        }
        if (!v.isTextual() || !shape.matcher(v.asText()).matches()) {
            problems.add(new Problem(at + "/" + field, "expected " + expected + ", not " + shown(v)));
            return null;
        }
        return v.asText();
    }

    private static String free(JsonNode json, String field, String at, List<Problem> problems) {
        JsonNode v = json.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank() || v.asText().length() > MAX_TEXT) {
            problems.add(new Problem(at + "/" + field, "required: a non-blank text of at most " + MAX_TEXT + " characters"
                    + (v == null ? "" : ", not " + shown(v))));
            return null;
        }
        return v.asText().strip();
    }

    private static Instant instant(JsonNode json, String field, String at, boolean required, List<Problem> problems) {
        JsonNode v = json.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                problems.add(new Problem(at + "/" + field, "required: when the rule lapses, an ISO-8601 instant such as 2026-12-02T06:00:00Z"));
            }
            return null;
        }
        try {
            if (v.isTextual()) {
                return Instant.parse(v.asText());
            }
        } catch (DateTimeParseException e) {
            // reported below
        }
        problems.add(new Problem(at + "/" + field, "expected an ISO-8601 instant such as 2026-12-02T06:00:00Z, not " + shown(v)));
        return null;
    }

    private static String shown(JsonNode v) {
        String s = Json.write(v);
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
