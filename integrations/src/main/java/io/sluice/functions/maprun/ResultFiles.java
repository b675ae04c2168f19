package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ObjectStore;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a ResultWriter writes, as Step Functions writes it under {@code <Prefix>/<map run id>/}: the children's
 * entries by how they ended in {@code SUCCEEDED_<n>.json}, {@code FAILED_<n>.json} (failed, timed out, aborted)
 * and {@code PENDING_<n>.json} (still running when the run ended), each a JSON array (or JSON Lines with
 * {@code OutputType: JSONL}), and {@code manifest.json} listing them. Files are written as they fill, up to
 * {@code maxFileBytes} each (Step Functions' limit is 5 GB; a smaller one keeps a file's bytes in memory
 * bounded), so the entries never are all in memory at once.
 */
final class ResultFiles {
    static final String SUCCEEDED = "SUCCEEDED";
    static final String FAILED = "FAILED";
    static final String PENDING = "PENDING";

    private final ObjectStore store;
    private final String bucket;
    private final String base;
    private final boolean jsonl;
    private final long maxFileBytes;
    private final Map<String, Buffer> buffers = new LinkedHashMap<>();
    private final Map<String, ArrayNode> files = new LinkedHashMap<>();

    private static final class Buffer {
        final StringBuilder text = new StringBuilder();
        int entries;
        int next;
    }

    ResultFiles(ObjectStore store, String bucket, String prefix, String runId, boolean jsonl, long maxFileBytes) {
        this.store = store;
        this.bucket = bucket;
        this.base = key(prefix, runId);
        this.jsonl = jsonl;
        this.maxFileBytes = maxFileBytes;
        for (String status : new String[] {FAILED, PENDING, SUCCEEDED}) {
            buffers.put(status, new Buffer());
            files.put(status, Json.NODES.arrayNode());
        }
    }

    /** {@code <prefix>/<run id>}, with one {@code /} between them and none for an empty prefix. */
    static String key(String prefix, String runId) {
        String p = prefix == null ? "" : prefix;
        return p.isEmpty() ? runId : (p.endsWith("/") ? p : p + "/") + runId;
    }

    String manifestKey() {
        return base + "/manifest.json";
    }

    void add(String file, JsonNode entry) {
        Buffer b = buffers.get(file);
        if (b.entries > 0) {
            b.text.append(jsonl ? "\n" : ",");
        }
        b.text.append(Json.write(entry));
        b.entries++;
        if (b.text.length() >= maxFileBytes) {
            flush(file, b);
        }
    }

    /** Writes what is left and the manifest; returns the reference the Map state's result is. */
    ObjectNode finish(String mapRunArn) {
        buffers.forEach((file, b) -> {
            if (b.entries > 0) {
                flush(file, b);
            }
        });
        ObjectNode manifest = Json.object();
        manifest.put("DestinationBucket", bucket);
        manifest.put("MapRunArn", mapRunArn);
        ObjectNode resultFiles = manifest.putObject("ResultFiles");
        files.forEach(resultFiles::set);
        store.put(manifestKey(), Json.write(manifest).getBytes(StandardCharsets.UTF_8));
        ObjectNode reference = Json.object();
        reference.put("MapRunArn", mapRunArn);
        reference.putObject("ResultWriterDetails").put("Bucket", bucket).put("Key", manifestKey());
        return reference;
    }

    private void flush(String file, Buffer b) {
        String content = jsonl ? b.text + "\n" : "[" + b.text + "]";
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        String key = base + "/" + file + "_" + b.next + ".json";
        store.put(key, bytes);
        files.get(file).addObject().put("Key", key).put("Size", bytes.length);
        b.next++;
        b.entries = 0;
        b.text.setLength(0);
    }
}
