package io.sluice.azure;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The Spring application behind every Sluice Azure function. The Functions worker finds Spring Cloud
 * Function's {@code AzureFunctionInstanceInjector} through the service loader; it starts this class (named
 * by {@code MAIN_CLASS}) once per worker and takes the handler instances (the {@code @FunctionName} classes
 * of {@code io.sluice.azure.entry}) from its context, with their function beans injected.
 */
@SpringBootApplication
public class SluiceAzureApplication {

    public static void main(String[] args) {
        SpringApplication.run(SluiceAzureApplication.class, args);
    }
}
