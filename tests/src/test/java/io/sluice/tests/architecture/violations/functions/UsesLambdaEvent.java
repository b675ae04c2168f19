package io.sluice.tests.architecture.violations.functions;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.util.function.Function;

/** Bad: a platform event type crossing into a function. */
public class UsesLambdaEvent implements Function<SQSEvent, Integer> {
    @Override
    public Integer apply(SQSEvent event) {
        return event.getRecords().size();
    }
}
