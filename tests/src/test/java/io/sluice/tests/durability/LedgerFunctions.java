package io.sluice.tests.durability;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.orchestration.json.Json;
import java.util.Map;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The task function of the durability tests. Its side effect lands in a ledger the way Sluice's
 * real functions land theirs (a load ledger, an export ledger): keyed by what the task does, so a
 * re-run adds nothing. Every invocation is also counted, to show when a re-run did happen.
 */
final class LedgerFunctions {
    private LedgerFunctions() {}

    static TaskFunctions on(RedissonClient redis, String prefix) {
        return TaskFunctions.of(Map.of("ledger", in -> effect(redis, prefix, in)));
    }

    private static JsonNode effect(RedissonClient redis, String prefix, JsonNode in) {
        String key = in.get("key").asText();
        redis.getAtomicLong(prefix + ":invocations:" + key).incrementAndGet();
        redis.getMap(prefix + ":ledger", StringCodec.INSTANCE).fastPutIfAbsent(key, in.get("n").asText());
        return Json.NODES.numberNode(in.get("n").asInt() + 1);
    }

    static String definition(int tasks) {
        return definition(tasks, 0);
    }

    /** With a Wait of {@code waitSeconds} between two tasks (none for 0): what a sleeping execution waits on. */
    static String definition(int tasks, int waitSeconds) {
        StringBuilder states = new StringBuilder();
        for (int i = 0; i < tasks; i++) {
            String next = i + 1 < tasks ? (waitSeconds > 0 ? "W" : "T") + (i + 1) : null;
            states.append(i == 0 ? "" : ",").append("\"T").append(i).append("\": {\"Type\": \"Task\", \"Resource\": \"sluice:function:ledger\",")
                    .append("\"Parameters\": {\"key.$\": \"States.Format('{}/{}', $$.Execution.Name, $$.State.Name)\", \"n.$\": \"$.n\"},")
                    .append("\"ResultPath\": \"$.n\", ").append(next != null ? "\"Next\": \"" + next + "\"" : "\"End\": true").append("}");
            if (next != null && waitSeconds > 0) {
                states.append(", \"W").append(i + 1).append("\": {\"Type\": \"Wait\", \"Seconds\": ").append(waitSeconds)
                        .append(", \"Next\": \"T").append(i + 1).append("\"}");
            }
        }
        return "{\"StartAt\": \"T0\", \"States\": {" + states + "}}";
    }
}
