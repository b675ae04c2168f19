package io.sluice.functions.retention;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.json.WireVersion;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.ObjectStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Finished executions in the object store (the local folder, S3, Blob): one gzip-compressed JSON Lines
 * object per execution, {@code archive/executions/date=<stop date>/pipeline=<pipeline>/<name>.jsonl.gz}
 * (Hive-style segments, so Athena, Synapse or DuckDB can query the archive by date and pipeline, and
 * no pipeline id or name can make a segment {@code .} or {@code ..}). The first line
 * is the summary, version and state; each further line one history event, in order. The key follows
 * from the summary alone, so whoever knows a run (the retired record, the status table) finds it
 * without listing. Writing is idempotent: an object already holding that version is left as it is.
 *
 * <p>The first line carries the record's format version ({@link #FORMAT}, {@code "v"}; {@code "version"} is the
 * execution's store version). Version 1 was written without {@code "v"}; version 2 adds {@code "v": 2} first.
 */
public final class ExecutionArchive {
    public static final String PREFIX = "archive/executions/";
    /** The format version written; read with the one before ({@link WireVersion}). */
    public static final WireVersion FORMAT = new WireVersion("archive record", 2, true);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);

    private final ObjectStore objects;

    public ExecutionArchive(ObjectStore objects) {
        this.objects = objects;
    }

    /** The archive key of a finished execution. */
    public static String key(ExecutionSummary s) {
        if (s.stopTime() == null) {
            throw new IllegalArgumentException("execution " + s.executionId() + " is still running; only finished executions are archived");
        }
        return PREFIX + "date=" + DAY.format(s.stopTime()) + "/pipeline=" + s.pipeline() + "/" + s.name() + ".jsonl.gz";
    }

    /** Writes {@code execution} unless the archive holds that version already; returns whether it wrote. */
    public boolean write(ArchivedExecution execution) {
        String key = key(execution.summary());
        Optional<ArchivedExecution> existing = read(execution.summary());
        if (existing.isPresent() && existing.get().version() == execution.version()) {
            return false;
        }
        objects.put(key, encode(execution));
        return true;
    }

    /** The archived execution this summary names, if the archive has it. */
    public Optional<ArchivedExecution> read(ExecutionSummary summary) {
        return objects.get(key(summary)).map(ExecutionArchive::decode);
    }

    /** The archived execution at {@code key} (a key this archive wrote, as a listing of {@value #PREFIX} gives it). */
    public Optional<ArchivedExecution> readKey(String key) {
        if (!key.startsWith(PREFIX)) {
            throw new IllegalArgumentException("'" + key + "' is not a key of the execution archive (" + PREFIX + "...)");
        }
        return objects.get(key).map(ExecutionArchive::decode);
    }

    /**
     * The archive's codec: gzip-compressed JSON Lines, the summary, version and state first, then the history. Also the
     * form in which a waiting execution sleeps in the object store ({@code io.sluice.functions.hibernate}), whose stop
     * time is still {@code null}.
     */
    public static byte[] encode(ArchivedExecution e) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            ObjectNode head = FORMAT.stamp();
            ExecutionSummary s = e.summary();
            head.put("executionId", s.executionId()).put("pipeline", s.pipeline()).put("name", s.name()).put("status", s.status())
                    .put("definitionHash", s.definitionHash()).put("startTime", s.startTime().toString())
                    .put("stopTime", s.stopTime() == null ? null : s.stopTime().toString()).put("version", e.version());
            // A run stored before summaries carried its partition has it still in its input.
            String partition = s.partition() != null ? s.partition()
                    : io.sluice.functions.events.FinishedExecution.partitionOf(Json.parse(e.state()).path("input"));
            if (partition != null) {
                head.put("partition", partition);
            }
            // The state last, as the store keeps it (compact JSON): not parsed and written again on every sleep.
            String fields = Json.write(head);
            gz.write((fields.substring(0, fields.length() - 1) + ",\"state\":" + e.state() + "}\n").getBytes(StandardCharsets.UTF_8));
            for (String line : e.history()) {
                gz.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot compress the archive of " + e.summary().executionId(), ex);
        }
        return bytes.toByteArray();
    }

    /** What {@link #encode} wrote. */
    public static ArchivedExecution decode(byte[] object) {
        String text;
        try (GZIPInputStream gz = new GZIPInputStream(new ByteArrayInputStream(object))) {
            text = new String(gz.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException ex) {
            throw new UncheckedIOException("an archived execution is not gzip-compressed JSON Lines", ex);
        }
        String[] lines = text.split("\n");
        ObjectNode head = Json.object();
        String state = readHead(lines[0], head);
        FORMAT.check(head);
        if (state == null) {
            throw new IllegalArgumentException("an archived execution's first line has no state");
        }
        ExecutionSummary s = new ExecutionSummary(head.get("executionId").asText(), head.get("pipeline").asText(),
                head.get("name").asText(), head.get("status").asText(), head.get("definitionHash").asText(),
                Instant.parse(head.get("startTime").asText()), head.path("stopTime").isTextual() ? Instant.parse(head.get("stopTime").asText()) : null,
                head.path("partition").isTextual() ? head.get("partition").asText() : null);
        List<String> history = new ArrayList<>(lines.length - 1);
        for (int i = 1; i < lines.length; i++) {
            if (!lines[i].isEmpty()) {
                history.add(lines[i]);
            }
        }
        return new ArchivedExecution(s, head.get("version").asLong(), state, history);
    }

    /**
     * Reads the first line's fields into {@code head}, all but the state, whose text it returns as the line has it (null if none) (a wake
     * reads a sleeping execution's object: its state was parsed into a tree and written out again, ~15 % of a wake's JVM
     * samples with the orchestrator's own parse of it). A state that is not an object or array is written out again.
     */
    private static String readHead(String line, ObjectNode head) {
        String state = null;
        try (JsonParser p = Json.MAPPER.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("an archived execution's first line is not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (field.equals("state") && (value == JsonToken.START_OBJECT || value == JsonToken.START_ARRAY)) {
                    int from = (int) p.currentTokenLocation().getCharOffset();
                    p.skipChildren();
                    state = line.substring(from, (int) p.currentLocation().getCharOffset());
                } else if (field.equals("state")) {
                    state = Json.write(p.readValueAsTree());
                } else {
                    head.set(field, p.readValueAsTree());
                }
            }
        } catch (IOException ex) {
            throw new UncheckedIOException("an archived execution's first line is not JSON", ex);
        }
        return state;
    }
}
