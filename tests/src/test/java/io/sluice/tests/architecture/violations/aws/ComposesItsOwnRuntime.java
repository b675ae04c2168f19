package io.sluice.tests.architecture.violations.aws;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.OutboxDispatcher;

/** Bad: a host building a part of the runtime itself instead of taking it from {@code io.sluice.runtime}. */
public class ComposesItsOwnRuntime {
    OutboxDispatcher outbox() {
        return new OutboxDispatcher(null, null, null, QueueNames.DEFAULT, null);
    }
}
