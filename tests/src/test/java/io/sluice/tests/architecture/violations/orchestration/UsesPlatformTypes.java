package io.sluice.tests.architecture.violations.orchestration;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.microsoft.azure.functions.ExecutionContext;

/** Bad: Lambda and Azure Functions types inside the core. */
public class UsesPlatformTypes {
    public int count(SQSEvent event) {
        return event.getRecords().size();
    }

    public String invocation(ExecutionContext context) {
        return context.getInvocationId();
    }
}
