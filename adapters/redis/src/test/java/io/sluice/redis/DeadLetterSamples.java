package io.sluice.redis;

import io.sluice.orchestration.port.DeadLetterStore.NewLetter;
import java.util.LinkedHashMap;
import java.util.Map;

/** The letters the dead-letter corpus ({@code src/test/resources/wire-corpus/dead-letter}) was recorded from, by file name. */
final class DeadLetterSamples {
    private DeadLetterSamples() {}

    static Map<String, NewLetter> letters() {
        Map<String, NewLetter> m = new LinkedHashMap<>();
        m.put("orchestrator-message", new NewLetter("0123456789abcdef0123456789abcdef", "sluice-orchestrator.fifo", "m-17", "orders:run-1",
                "{\"type\":\"timer\",\"executionId\":\"orders:run-1\",\"timerId\":\"t-4\"}", Map.of("executionId", "orders:run-1",
                        "error", "Sluice.UnknownTaskMessageVersion"), true, null));
        m.put("incomplete", new NewLetter("fedcba9876543210fedcba9876543210", "sluice-task-load", null, null, "not json at all",
                Map.of(), false, "the body was cut at 16 KiB"));
        return m;
    }
}
