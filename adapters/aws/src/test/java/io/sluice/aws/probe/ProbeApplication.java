package io.sluice.aws.probe;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.util.function.Function;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A bare application for the startup probe: proves Spring Cloud Function's AWS adapter starts on
 * this release train and deserializes Lambda event types outside Lambda, with no Sluice wiring.
 */
@SpringBootApplication
public class ProbeApplication {

    @Bean
    public Function<String, String> probe() {
        return input -> "sluice-aws probe: " + input;
    }

    @Bean
    public Function<SQSEvent, String> sqsProbe() {
        return event -> String.join(",", event.getRecords().stream().map(SQSEvent.SQSMessage::getBody).toList());
    }
}
