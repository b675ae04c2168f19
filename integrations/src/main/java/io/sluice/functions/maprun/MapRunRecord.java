package io.sluice.functions.maprun;

import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.tenancy.Tenancy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;

/**
 * A map run's small record in the {@code MapRunStore}, outside the parent's execution: which request it
 * runs and for which task, where its current page of items starts, the next child to start, how many
 * children there are once the reader is done, and how it ended. Its size does not grow with the items.
 *
 * @param total    the number of children, or {@code -1} until the reader has given its last item
 * @param status   RUNNING, SUCCEEDED, FAILED or ABORTED
 * @param reported whether the parent's task was told how the run ended
 */
record MapRunRecord(String runId, String parentExecutionId, String pipeline, String token, String mapRunArn, String processorHash,
                    long startedAt, JsonNode request, ChildPager.Start page, long nextChild, long total, String status,
                    String error, String cause, boolean reported) {

    static final String RUNNING = "RUNNING";

    /** Whose the run is: its parent execution's owner, as the deployment's tenancy says. */
    Owner owner(Tenancy tenancy) {
        return tenancy.ownerOf(pipeline, parentExecutionId);
    }

    boolean running() {
        return status.equals(RUNNING);
    }

    MapRunRecord withPage(ChildPager.Start page) {
        return new MapRunRecord(runId, parentExecutionId, pipeline, token, mapRunArn, processorHash, startedAt, request, page, nextChild,
                total, status, error, cause, reported);
    }

    MapRunRecord withNextChild(long next) {
        return new MapRunRecord(runId, parentExecutionId, pipeline, token, mapRunArn, processorHash, startedAt, request, page, next,
                total, status, error, cause, reported);
    }

    MapRunRecord withTotal(long count) {
        return new MapRunRecord(runId, parentExecutionId, pipeline, token, mapRunArn, processorHash, startedAt, request, page, nextChild,
                count, status, error, cause, reported);
    }

    MapRunRecord ended(String endStatus, String endError, String endCause) {
        return new MapRunRecord(runId, parentExecutionId, pipeline, token, mapRunArn, processorHash, startedAt, request, page, nextChild,
                total, endStatus, endError, endCause, false);
    }

    MapRunRecord withReported() {
        return new MapRunRecord(runId, parentExecutionId, pipeline, token, mapRunArn, processorHash, startedAt, request, page, nextChild,
                total, status, error, cause, true);
    }

    String encode() {
        ObjectNode o = Json.object();
        o.put("runId", runId).put("parent", parentExecutionId).put("pipeline", pipeline).put("token", token).put("arn", mapRunArn)
                .put("processorHash", processorHash).put("startedAt", startedAt);
        o.set("request", request);
        ObjectNode p = o.putObject("page");
        if (page.cursor() != null) p.put("cursor", page.cursor());
        p.put("firstChild", page.firstChild()).put("firstItem", page.firstItem());
        o.put("nextChild", nextChild).put("total", total).put("status", status).put("reported", reported);
        if (error != null) o.put("error", error);
        if (cause != null) o.put("cause", cause);
        return Json.write(o);
    }

    static MapRunRecord decode(String text) {
        JsonNode o = Json.parse(text);
        JsonNode p = o.get("page");
        return new MapRunRecord(o.get("runId").asText(), o.get("parent").asText(), o.get("pipeline").asText(), o.get("token").asText(),
                o.get("arn").asText(), o.get("processorHash").asText(), o.get("startedAt").asLong(), o.get("request"),
                new ChildPager.Start(p.hasNonNull("cursor") ? p.get("cursor").asText() : null, p.get("firstChild").asLong(),
                        p.get("firstItem").asLong()),
                o.get("nextChild").asLong(), o.get("total").asLong(), o.get("status").asText(),
                o.hasNonNull("error") ? o.get("error").asText() : null, o.hasNonNull("cause") ? o.get("cause").asText() : null,
                o.path("reported").asBoolean(false));
    }
}
