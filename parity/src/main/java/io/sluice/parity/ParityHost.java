package io.sluice.parity;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.StatusRecord;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One host of the parity suite, driven the way its platform drives it: its HTTP API (the same routes on every host),
 * whatever moves its queued messages along, its object store, its status table and its orchestrator queue.
 */
public interface ParityHost extends AutoCloseable {
    /** {@code local}, {@code aws} or {@code azure}. */
    String name();

    /** One request to the host's HTTP API ({@code path} from {@code /v1/}); {@code body} {@code null} for none. */
    default Answer api(String method, String path, JsonNode body) {
        return api(method, path, body == null ? null : Json.write(body), Map.of());
    }

    /**
     * One request to the host's HTTP API as a third party sends it: {@code body} the exact text ({@code null} for none), with
     * {@code headers} besides the JSON content type (a signed webhook's signature covers these bytes).
     */
    Answer api(String method, String path, String body, Map<String, String> headers);

    /**
     * Moves what is queued one round, as the platform would (Lambda's event source mappings, the Functions host's queue
     * listeners, the schedule tick); answers how many messages were delivered. The local runtime moves by itself: 0.
     */
    int pump();

    /** Puts an object into the host's object store (the local data folder, S3, Blob storage). */
    void putObject(String key, byte[] bytes);

    /** The object {@code key} of the host's object store as text, if there is one. */
    Optional<String> object(String key);

    /**
     * How many runs of job {@code job} the host's job service started: the local runtime's DuckDB job engine; on AWS
     * the Glue stub, on Azure the Data Factory stub (neither service can run here).
     */
    long jobRuns(String job);

    /**
     * What the warehouse holds of {@code table} ({@code schema.table}): the local PostgreSQL; on AWS the PostgreSQL the
     * Redshift Data API stub runs the statements on; on Azure what the Synapse statements (answered by a script, no pool
     * runs here) loaded, by the load ledger they wrote.
     */
    Loads warehouse(String table);

    /** The status table's rows of {@code pipeline} and {@code partition}, newest first. */
    List<StatusRecord> statusRows(String pipeline, String partition);

    /** Puts {@code body} on the orchestrator queue, as a producer that writes what no function can read would; the queue's name. */
    String plant(String body);

    @Override
    void close();

    /** A warehouse table's loads: its distinct batches and its rows. */
    record Loads(long batches, long rows) {}

    /** An HTTP API answer: the status code and the JSON body (a null node when there is none). */
    record Answer(int status, JsonNode body) {}
}
