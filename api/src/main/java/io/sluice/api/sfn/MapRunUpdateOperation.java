package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.maprun.MapRunUpdates;
import io.sluice.orchestration.port.MapRunStore;
import java.util.Map;
import java.util.Optional;

/**
 * UpdateMapRun, as the AWS Step Functions API reference has it
 * (https://docs.aws.amazon.com/step-functions/latest/apireference/API_UpdateMapRun.html): a running map run's
 * {@code maxConcurrency} (0 or more), {@code toleratedFailureCount} (0 or more) and {@code toleratedFailurePercentage}
 * (0 to 100), each optional; the answer is empty. The change takes effect within the call where the host gives the
 * coordinator's step ({@code updated}): the run takes its next step before the answer (children started up to a raised
 * MaxConcurrency; the run ended if its failures now exceed the tolerance), and DescribeMapRun shows the new limits and
 * counts at once; elsewhere from the run's next step on ({@link MapRunUpdates}). An ARN
 * that is no map run's is {@code InvalidArn}, a run the caller does not see or the host does not keep is
 * {@code ResourceNotFound}, a value out of range a {@code ValidationException} naming the member. A run that has ended
 * cannot be changed: {@code ValidationException} (the reference speaks of an in-progress run only; what AWS answers
 * for an ended one is not documented).
 */
final class MapRunUpdateOperation {
    private final MapRunStore runs;
    private final Arns arns;
    private final java.util.function.Consumer<String> updated;

    /**
     * @param runs    the host's map-run records, or {@code null} on a host that keeps none (every run is then unknown)
     * @param updated the coordinator's step for a changed run, or {@code null}
     */
    MapRunUpdateOperation(MapRunStore runs, Arns arns, java.util.function.Consumer<String> updated) {
        this.runs = runs;
        this.arns = arns;
        this.updated = updated;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("UpdateMapRun", this::update);
    }

    /** The limits DescribeMapRun shows for a run the host keeps a record of: the updated ones. */
    Optional<MapRunUpdates.Limits> current(String machine, String runId) {
        return runs == null ? Optional.empty() : MapRunUpdates.current(runs, machine, runId);
    }

    private JsonNode update(Caller caller, JsonNode request) {
        MapRunArns.MapRunRef ref = MapRunArns.parse(arns, Fields.required(request, "mapRunArn"), "mapRunArn");
        String arn = request.get("mapRunArn").asText();
        if (!caller.sees(ref.machine())) {
            throw missing(arn);
        }
        Access.mayChange(caller);
        Long max = whole(request, "maxConcurrency", Integer.MAX_VALUE);
        Long count = whole(request, "toleratedFailureCount", Long.MAX_VALUE);
        Double percentage = percentage(request);
        if (runs == null) {
            throw missing(arn);
        }
        MapRunUpdates.Limits change = new MapRunUpdates.Limits(max == null ? null : max.intValue(), percentage, count);
        return switch (MapRunUpdates.update(runs, ref.machine(), ref.runId(), change)) {
            case UPDATED -> {
                if (updated != null) {
                    updated.accept(ref.runId());
                }
                yield Fields.object();
            }
            case NO_SUCH_RUN -> throw missing(arn);
            case ENDED -> throw SfnError.VALIDATION.with("Map run '" + Arns.shown(arn) + "' has ended; only a running map run can be updated.");
        };
    }

    private static Long whole(JsonNode request, String member, long max) {
        JsonNode v = request.get(member);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0 || v.asLong() > max) {
            throw invalid(v, member, "Member must have value greater than or equal to 0" + (max == Integer.MAX_VALUE
                    ? " and be a whole number of at most " + Integer.MAX_VALUE : " and be a whole number"));
        }
        return v.asLong();
    }

    private static Double percentage(JsonNode request) {
        JsonNode v = request.get("toleratedFailurePercentage");
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isNumber() || v.asDouble() < 0 || v.asDouble() > 100) {
            throw invalid(v, "toleratedFailurePercentage", "Member must have value less than or equal to 100 and greater than or equal to 0");
        }
        return v.asDouble();
    }

    private static SfnException invalid(JsonNode v, String member, String constraint) {
        return SfnError.VALIDATION.with("1 validation error detected: Value '" + v + "' at '" + member + "' failed to satisfy constraint: "
                + constraint + ".");
    }

    private static SfnException missing(String mapRunArn) {
        return SfnError.RESOURCE_NOT_FOUND.with("Resource not found: map run '" + Arns.shown(mapRunArn) + "' does not exist.");
    }
}
