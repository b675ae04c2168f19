package io.sluice.cli.demo;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What the demo's pipelines left behind, read while the stack still runs: warehouse rows, extracts at the partner. */
public final class DemoResults {
    private final DemoStack stack;
    private final Map<String, JsonNode> configs = new LinkedHashMap<>();

    public DemoResults(DemoWorkspace ws, DemoStack stack) {
        this.stack = stack;
        try (Stream<Path> files = Files.list(ws.pipelines())) {
            for (Path file : files.filter(f -> f.toString().endsWith(PipelineCatalog.CONFIG_SUFFIX)).sorted().toList()) {
                JsonNode config = Json.parse(Files.readString(file));
                configs.put(config.path("pipeline").asText(), config);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rows in each table a pipeline loads. */
    public Map<String, Long> warehouseRows() {
        Map<String, Long> rows = new TreeMap<>();
        try (Connection c = stack.postgres().dataSource().getConnection(); Statement s = c.createStatement()) {
            for (JsonNode config : configs.values()) {
                String table = config.path("warehouse").path("table").asText(null);
                if (table != null) {
                    try (ResultSet rs = s.executeQuery("select count(*) from " + quoted(table))) {
                        rs.next();
                        rows.put(table, rs.getLong(1));
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Could not count the warehouse's rows: " + e.getMessage(), e);
        }
        return rows;
    }

    /** What each table holds when the pipelines work: its source's rows, none for the planted failure's. */
    public Map<String, Long> expectedRows(String plantedFailure) {
        Map<String, Long> rows = new TreeMap<>();
        configs.forEach((pipeline, config) -> {
            String table = config.path("warehouse").path("table").asText(null);
            if (table != null) {
                rows.put(table, pipeline.equals(plantedFailure) ? 0 : stack.written().rows(pipeline));
            }
        });
        return rows;
    }

    /** How many extracts should arrive: one per target of every export. */
    public int targets(String plantedFailure) {
        return configs.entrySet().stream().filter(e -> !e.getKey().equals(plantedFailure))
                .mapToInt(e -> e.getValue().path("targets").size()).sum();
    }

    /** The extracts that arrived, at the partner's HTTP API and on its SFTP server. */
    public List<String> exports() {
        List<String> exports = new ArrayList<>();
        stack.receiver().received().forEach((key, file) -> exports.add(key.substring(key.lastIndexOf('/') + 1)
                + String.format(Locale.ROOT, " (HTTP, %,d bytes)", size(file))));
        for (Path file : stack.sftp().files("inbound")) {
            exports.add("SFTP " + stack.sftp().root().relativize(file) + String.format(Locale.ROOT, " (%,d bytes)", size(file)));
        }
        return exports;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    private static String quoted(String table) {
        StringBuilder out = new StringBuilder();
        for (String part : table.split("\\.")) {
            out.append(out.isEmpty() ? "" : ".").append('"').append(part.replace("\"", "\"\"")).append('"');
        }
        return out.toString();
    }
}
