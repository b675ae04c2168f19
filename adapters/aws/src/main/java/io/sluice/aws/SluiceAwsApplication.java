package io.sluice.aws;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The Spring application behind every Sluice Lambda. Lambda's handler is Spring Cloud Function's
 * {@code org.springframework.cloud.function.adapter.aws.FunctionInvoker}; it finds this class
 * through {@code MAIN_CLASS} and selects the function ({@code orchestrator}, {@code task-worker},
 * {@code schedule-tick}, {@code events}, {@code dlq-handler}, the triggers) by {@code spring.cloud.function.definition}.
 */
@SpringBootApplication
public class SluiceAwsApplication {

    public static void main(String[] args) {
        SpringApplication.run(SluiceAwsApplication.class, args);
    }
}
