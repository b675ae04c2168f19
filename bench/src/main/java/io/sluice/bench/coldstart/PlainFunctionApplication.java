package io.sluice.bench.coldstart;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.util.function.Function;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The baseline of {@code ./sluice bench coldstart}: a plain Spring Cloud Function AWS application with one function
 * and default settings, as a team starting on Lambda would write it. It is compiled here against Spring and the Lambda
 * events at provided scope (neither is shaded into the benchmarks jar) and never ships in the AWS artifact: the bench runs
 * it from {@code bench/target/classes} beside the artifact, whose Spring Boot, Spring Cloud Function adapter and
 * {@code LocalInvoke} it uses, so that both sides start the same libraries.
 */
@SpringBootApplication
public class PlainFunctionApplication {

    @Bean
    public Function<SQSEvent, String> records() {
        return event -> "records: " + event.getRecords().size();
    }

    public static void main(String[] args) {
        SpringApplication.run(PlainFunctionApplication.class, args);
    }
}
