package io.sluice.local.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The local runtime as one process: embedded queue and Redis (unless URLs are given), the
 * orchestrator and every task function consuming their queues, the schedule tick, the pipelines of
 * a folder, the HTTP API and the local function emulator. {@code ./sluice serve} starts it.
 */
@SpringBootApplication(scanBasePackages = {"io.sluice.local.app", "io.sluice.local.http", "io.sluice.api.http"})
@EnableConfigurationProperties(SluiceLocalProperties.class)
public class SluiceLocalApplication {

    public static void main(String[] args) {
        run(args);
    }

    public static ConfigurableApplicationContext run(String... args) {
        SpringApplication application = new SpringApplication(SluiceLocalApplication.class);
        application.setMainApplicationClass(SluiceLocalApplication.class);
        return application.run(args);
    }
}
