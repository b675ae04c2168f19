package io.sluice.cli.chaos;

import io.sluice.orchestration.json.Json;
import java.util.List;

/**
 * What a drill found. {@code executions}: the starts the drill made, the synthetic ones and {@code retail} runs of the
 * demo's pattern pipelines ({@code retailFinished} of them SUCCEEDED with their status row; {@code exported}: extracts the
 * partner holds, one per export run and target); {@code lost}: accepted starts the store does not hold, or that never
 * finished (or finished otherwise than planned); {@code doubledEffects}: warehouse batches with more rows (or load
 * ledger rows) than one load gives, extracts beyond one per export and target, executions whose completion was emitted
 * twice, downstream runs started twice, and alerts beyond one per incident; {@code downstream}: the runs the events
 * process must start (one per succeeded synthetic execution), {@code downstreamFinished} those that succeeded;
 * {@code objects}: object versions notified (each twice) to the triggers process, {@code objectRuns} the runs they started
 * that succeeded; {@code poisonDlq}: planted poison messages the dlq-handler took, which must equal the number planted,
 * with nothing else ({@code otherDlq}); {@code poisonAlerts}: those of them that raised their alert; {@code sleeps}: sleep
 * objects the nodes wrote (executions put to sleep in the object store and woken again), {@code orphansSwept} of them left
 * by a kill between the object and its stub or between a wake and its delete, deleted by the orphan sweep run past its
 * grace at the end, {@code sleepObjectsLeft} any the sweep kept after that, which must be none.
 */
public record ChaosReport(int executions, int finished, int retail, int retailFinished, int exported, int downstream, int downstreamFinished,
                          int objects, int objectRuns, int lost, int doubledEffects, int kills, int redisRestarts, int warehousePauses,
                          long redeliveries, long earlyVisibility, long duplicatedResults, int callbacks, int poisonPlanted, int poisonDlq,
                          int otherDlq, int poisonAlerts, int doubledAlerts, int plantedFailures, long sleeps, int orphansSwept,
                          int sleepObjectsLeft, String appendfsync, long seed, List<String> problems) {

    public boolean passed() {
        return lost == 0 && doubledEffects == 0 && finished == executions && retailFinished == retail && downstreamFinished == downstream
                && objectRuns == objects && poisonDlq == poisonPlanted && otherDlq == 0 && poisonAlerts == poisonPlanted
                && doubledAlerts == 0 && sleepObjectsLeft == 0 && problems.isEmpty();
    }

    public String json() {
        return Json.write(Json.object().put("executions", executions).put("finished", finished)
                .put("retail", retail).put("retail_finished", retailFinished).put("exported", exported)
                .put("downstream", downstream).put("downstream_finished", downstreamFinished)
                .put("objects", objects).put("object_runs", objectRuns).put("lost", lost)
                .put("doubled_effects", doubledEffects).put("kills", kills).put("redis_restarts", redisRestarts)
                .put("warehouse_pauses", warehousePauses)
                .put("redeliveries", redeliveries).put("early_visibility", earlyVisibility).put("duplicated_results", duplicatedResults)
                .put("callbacks", callbacks).put("poison_planted", poisonPlanted)
                .put("poison_dlq", poisonDlq).put("other_dlq", otherDlq).put("poison_alerts", poisonAlerts)
                .put("doubled_alerts", doubledAlerts).put("planted_failures", plantedFailures)
                .put("sleeps", sleeps).put("orphans_swept", orphansSwept).put("sleep_objects_left", sleepObjectsLeft)
                .put("appendfsync", appendfsync).put("seed", seed));
    }
}
