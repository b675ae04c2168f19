package io.sluice.aws;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.util.function.Function;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The Spring application behind every Sluice Lambda. Lambda's handler is Spring Cloud
 * Function's {@code org.springframework.cloud.function.adapter.aws.FunctionInvoker}; it finds
 * this class through {@code MAIN_CLASS} and selects the function by
 * {@code spring.cloud.function.definition}.
 *
 * <p>STARTUP PROBE ONLY: the two beans below exist to prove that the adapter resolves and starts
 * on the current release train. They carry no Sluice behaviour and are to be replaced by the
 * real functions (orchestrator, task functions, triggers).
 */
@SpringBootApplication
public class SluiceAwsApplication {

    public static void main(String[] args) {
        SpringApplication.run(SluiceAwsApplication.class, args);
    }

    /** Startup probe: proves a plain String function is reached through FunctionInvoker. */
    @Bean
    public Function<String, String> probe() {
        return input -> "sluice-aws probe: " + input;
    }

    /**
     * Startup probe: proves an aws-lambda-java-events type is deserialized outside Lambda (this
     * needs aws-lambda-java-serialization on the classpath). Returns the message bodies.
     */
    @Bean
    public Function<SQSEvent, String> sqsProbe() {
        return event -> String.join(",", event.getRecords().stream().map(SQSEvent.SQSMessage::getBody).toList());
    }
}
