package io.sluice.azure;

import java.util.function.Function;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The Spring application behind every Sluice Azure function. The Functions worker finds
 * Spring Cloud Function's {@code AzureFunctionInstanceInjector} through the service loader; it
 * starts this class (named by {@code MAIN_CLASS}) once and takes the handler instances from
 * its context.
 *
 * <p>STARTUP PROBE ONLY: the {@code probe} bean exists to prove that the adapter resolves and
 * starts on the current release train. It carries no Sluice behaviour and is to be replaced by
 * the real functions (orchestrator, task functions, triggers).
 */
@SpringBootApplication
public class SluiceAzureApplication {

    public static void main(String[] args) {
        SpringApplication.run(SluiceAzureApplication.class, args);
    }

    /** Startup probe: a plain function, reached from {@link ProbeHttpHandler}. */
    @Bean
    public Function<String, String> probe() {
        return input -> "sluice-azure probe: " + input;
    }
}
