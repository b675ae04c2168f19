package io.sluice.coldstart;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.util.function.Function;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The baseline of {@code ./sluice bench coldstart}: a plain Spring Cloud Function AWS application with one function
 * and default settings, as a team starting on Lambda would write it. Outside {@code io.sluice.aws} so that the Sluice
 * application's scan never sees it; it is in the artifact only so that both sides of the bench run the same jar.
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
