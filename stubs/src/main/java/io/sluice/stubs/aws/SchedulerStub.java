package io.sluice.stubs.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stub of EventBridge Scheduler's schedules and groups in its REST-JSON protocol (CreateSchedule, GetSchedule,
 * UpdateSchedule, DeleteSchedule, ListSchedules paged two at a time, GetScheduleGroup, CreateScheduleGroup), since
 * nothing serves Scheduler here. It keeps what it is told and checks what it can of an expression: the
 * {@code at(}/{@code rate(}/{@code cron(} forms and, in a six-field cron, that exactly one day field is {@code ?}.
 * It cannot show that Scheduler accepts every field value, that schedules fire, or IAM.
 */
public final class SchedulerStub implements AutoCloseable {
    private static final int PAGE = 2;

    /** One call as it arrived: method, path and body. */
    public record Call(String method, String path, JsonNode body) {}

    private final HttpServer server;
    private final Map<String, Map<String, ObjectNode>> groups = new ConcurrentHashMap<>();
    private final List<Call> calls = new CopyOnWriteArrayList<>();

    public SchedulerStub() {
        server = LoopbackServer.start(this::handle);
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The schedules of {@code group} as stored, by name. */
    public Map<String, ObjectNode> schedules(String group) {
        return Map.copyOf(groups.getOrDefault(group, Map.of()));
    }

    /** Puts a schedule in as if someone had created it by hand. */
    public void putSchedule(String group, String name, ObjectNode schedule) {
        groups.computeIfAbsent(group, g -> new ConcurrentHashMap<>()).put(name, stored(name, group, schedule));
    }

    private static final class Answer extends RuntimeException {
        final int status;
        final String type;

        Answer(int status, String type, String message) {
            super(message);
            this.status = status;
            this.type = type;
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getRawPath();
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            String text = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            JsonNode body = text.isBlank() ? Json.object() : Json.parse(text);
            calls.add(new Call(method, path, body));
            int status = 200;
            JsonNode answer;
            try {
                answer = route(method, path, query, body);
            } catch (Answer a) {
                status = a.status;
                answer = Json.object().put("Message", a.getMessage());
                exchange.getResponseHeaders().add("x-amzn-ErrorType", a.type);
            }
            byte[] out = Json.write(answer).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, out.length);
            exchange.getResponseBody().write(out);
        }
    }

    private JsonNode route(String method, String path, Map<String, String> query, JsonNode body) {
        if (path.startsWith("/schedule-groups/")) {
            String name = decode(path.substring("/schedule-groups/".length()));
            if (method.equals("GET")) {
                if (!groups.containsKey(name)) {
                    throw new Answer(404, "ResourceNotFoundException", "Schedule group " + name + " does not exist.");
                }
                return Json.object().put("Name", name).put("State", "ACTIVE").put("Arn", "arn:aws:scheduler:us-east-1:123456789012:schedule-group/" + name);
            }
            if (groups.putIfAbsent(name, new ConcurrentHashMap<>()) != null) {
                throw new Answer(409, "ConflictException", "Schedule group " + name + " already exists.");
            }
            return Json.object().put("ScheduleGroupArn", "arn:aws:scheduler:us-east-1:123456789012:schedule-group/" + name);
        }
        String group = group(query, body);
        if (path.equals("/schedules")) {
            Map<String, ObjectNode> all = new TreeMap<>(groups.getOrDefault(group, Map.of()));
            List<String> names = new ArrayList<>(all.keySet());
            int from = query.containsKey("NextToken") ? Integer.parseInt(query.get("NextToken")) : 0;
            ObjectNode out = Json.object();
            var list = out.putArray("Schedules");
            names.stream().skip(from).limit(PAGE).forEach(n -> list.addObject().put("Name", n).put("GroupName", group)
                    .put("State", all.get(n).path("State").asText()).put("Arn", arn(group, n)));
            if (from + PAGE < names.size()) {
                out.put("NextToken", Integer.toString(from + PAGE));
            }
            return out;
        }
        String name = decode(path.substring("/schedules/".length()));
        Map<String, ObjectNode> schedules = groups.computeIfAbsent(group, g -> new ConcurrentHashMap<>());
        switch (method) {
            case "POST" -> {
                check(body);
                if (schedules.putIfAbsent(name, stored(name, group, body)) != null) {
                    throw new Answer(409, "ConflictException", "Schedule " + name + " already exists.");
                }
                return Json.object().put("ScheduleArn", arn(group, name));
            }
            case "PUT" -> {
                check(body);
                if (schedules.replace(name, stored(name, group, body)) == null) {
                    throw new Answer(404, "ResourceNotFoundException", "Schedule " + name + " does not exist.");
                }
                return Json.object().put("ScheduleArn", arn(group, name));
            }
            case "GET" -> {
                ObjectNode s = schedules.get(name);
                if (s == null) {
                    throw new Answer(404, "ResourceNotFoundException", "Schedule " + name + " does not exist.");
                }
                return s.deepCopy().put("Arn", arn(group, name));
            }
            case "DELETE" -> {
                if (schedules.remove(name) == null) {
                    throw new Answer(404, "ResourceNotFoundException", "Schedule " + name + " does not exist.");
                }
                return Json.object();
            }
            default -> throw new Answer(400, "ValidationException", "the stub does not answer " + method + " " + path);
        }
    }

    private static ObjectNode stored(String name, String group, JsonNode body) {
        ObjectNode s = body.deepCopy();
        s.remove("ClientToken");
        if (!s.has("State")) {
            s.put("State", "ENABLED"); // Scheduler's default
        }
        return s.put("Name", name).put("GroupName", group);
    }

    private static void check(JsonNode body) {
        String expression = body.path("ScheduleExpression").asText();
        String lower = expression.toLowerCase(Locale.ROOT);
        if (!(lower.startsWith("at(") || lower.startsWith("rate(") || lower.startsWith("cron(")) || !expression.endsWith(")")) {
            throw new Answer(400, "ValidationException", "Invalid Schedule Expression " + expression + ".");
        }
        if (lower.startsWith("cron(")) {
            String[] f = expression.substring(5, expression.length() - 1).trim().split("\\s+");
            if (f.length != 6 || f[2].equals("?") == f[4].equals("?")) {
                throw new Answer(400, "ValidationException", "Invalid Schedule Expression " + expression + ".");
            }
        }
        if (!body.path("Target").hasNonNull("Arn") || !body.path("Target").hasNonNull("RoleArn")
                || !body.path("FlexibleTimeWindow").hasNonNull("Mode")) {
            throw new Answer(400, "ValidationException", "a schedule needs Target.Arn, Target.RoleArn and FlexibleTimeWindow.Mode");
        }
    }

    /** The group a call names: in the query (its name varies by operation) or the body; {@code default} otherwise, as Scheduler has it. */
    private static String group(Map<String, String> query, JsonNode body) {
        for (Map.Entry<String, String> e : query.entrySet()) {
            if (e.getKey().toLowerCase(Locale.ROOT).contains("group")) {
                return e.getValue();
            }
        }
        return body.hasNonNull("GroupName") ? body.get("GroupName").asText() : "default";
    }

    /** The ARN Scheduler gives the schedule {@code name} of {@code group}. */
    public static String arn(String group, String name) {
        return "arn:aws:scheduler:us-east-1:123456789012:schedule/" + group + "/" + name;
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new TreeMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            out.put(decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
        return out;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
