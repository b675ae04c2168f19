package io.sluice.parity;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The suite, declared once as data: {@code examples/parity/cases.json} (the cases: what to start, what to do, what to
 * expect) and {@code examples/parity/pipelines/} (the pipeline files every host loads, unchanged).
 */
public record ParityCases(Path folder, List<Case> cases) {
    private static final Set<String> KINDS = Set.of("run", "callback", "retail", "poison", "control", "held", "alert", "event", "webhook");

    /** One case: its name, its kind ({@code run}, {@code callback}, {@code retail}, {@code poison}, {@code control}, {@code held}, {@code alert}, {@code event}, {@code webhook}) and its JSON as declared. */
    public record Case(String name, String kind, JsonNode spec) {
        public JsonNode expect() {
            return spec.path("expect");
        }
    }

    public Path pipelines() {
        return folder.resolve("pipelines");
    }

    public static ParityCases load(Path folder) {
        Path file = folder.resolve("cases.json");
        JsonNode root;
        try {
            root = Json.parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the parity cases " + file, e);
        }
        List<Case> cases = new ArrayList<>();
        JsonNode list = root.path("cases");
        if (!list.isArray() || list.isEmpty()) {
            throw new IllegalArgumentException(file + ": /cases: expected a non-empty array of cases");
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode c = list.get(i);
            String name = c.path("name").asText("");
            String kind = c.path("kind").asText("");
            if (name.isBlank()) {
                throw new IllegalArgumentException(file + ": /cases/" + i + "/name: expected the case's name");
            }
            if (!KINDS.contains(kind)) {
                throw new IllegalArgumentException(file + ": /cases/" + i + "/kind: expected one of " + KINDS + ", not '" + kind + "'");
            }
            if (!c.path("expect").isObject()) {
                throw new IllegalArgumentException(file + ": /cases/" + i + "/expect: expected an object");
            }
            if (kind.equals("retail")) {
                checkRetail(file + ": /cases/" + i, c, cases.stream().anyMatch(k -> k.kind().equals("retail")));
            }
            cases.add(new Case(name, kind, c));
        }
        return new ParityCases(folder, List.copyOf(cases));
    }

    private static void checkRetail(String at, JsonNode c, boolean another) {
        if (another) {
            throw new IllegalArgumentException(at + ": the suite runs one retail case (its pipelines are loaded when a host starts)");
        }
        for (String field : List.of("example", "partition", "export", "waitsAt")) {
            if (!c.path(field).isTextual() || c.path(field).asText().isBlank()) {
                throw new IllegalArgumentException(at + "/" + field + ": expected a non-empty string");
            }
        }
        if (!c.path("ingestions").isArray() || c.path("ingestions").isEmpty()) {
            throw new IllegalArgumentException(at + "/ingestions: expected a non-empty array of pipeline ids");
        }
        if (!c.path("target").isObject()) {
            throw new IllegalArgumentException(at + "/target: expected the export target the suite's partner API stands for");
        }
        for (var e : c.path("expect").path("warehouse").properties()) {
            if (!WarehouseTables.TABLE.matcher(e.getKey()).matches()) {
                throw new IllegalArgumentException(at + "/expect/warehouse: expected schema.table names in lower case, not '" + e.getKey() + "'");
            }
        }
        for (var e : c.path("jobOutputs").properties()) {
            if (!e.getValue().path("key").isTextual() || !e.getValue().path("text").isTextual()) {
                throw new IllegalArgumentException(at + "/jobOutputs/" + e.getKey() + ": expected {\"key\", \"text\"}");
            }
        }
    }
}
