package io.sluice.runtime;

import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.util.List;

/**
 * Runs an in-memory runtime to rest for the runtime's tests: delivers the orchestrator's queue and the named functions'
 * task channels until both are empty, letting the manual clock run for delays (a retry's delayed message).
 */
public record QueuePump(InMemoryTaskQueue queue, QueueNames names, ManualClock clock, List<String> functions) {

    public void run(SluiceRuntime runtime, WorkerHarness harness) {
        for (int idle = 0; idle < 3; ) {
            boolean moved = false;
            for (ReceivedMessage m : receive(names.orchestrator())) {
                runtime.orchestrator().handle(MessageCodec.decode(m.body()));
                moved = true;
            }
            for (String function : functions) {
                for (String channel : names.channels(function)) {
                    for (ReceivedMessage m : receive(channel)) {
                        harness.handle(m.body(), channel);
                        moved = true;
                    }
                }
            }
            if (moved) {
                idle = 0;
            } else {
                idle++;
                clock.advance(Duration.ofSeconds(3));
            }
        }
    }

    private List<ReceivedMessage> receive(String name) {
        List<ReceivedMessage> got = queue.receive(name, 10, Duration.ofMinutes(1), Duration.ZERO);
        got.forEach(m -> queue.acknowledge(name, m.receipt()));
        return got;
    }
}
