package io.sluice.aws.lean;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.boot.context.event.ApplicationStartingEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.StandardEnvironment;

/**
 * Starts the orchestrator Lambda's wiring when Spring Boot starts its run ({@code ApplicationStartingEvent}, from
 * {@code META-INF/spring.factories}), before it prepares its environment, sets up logging and builds the context: the
 * Redis connection and the SQS client then open during all of that rather than after it. The settings are bound from what
 * Spring's environment is made of here (system properties, environment variables, the bundled
 * {@code application.properties}); {@link OrchestratorLambda} takes the started wiring only when the settings it binds
 * from the real environment are equal, and otherwise closes it and starts its own. Any other application is left alone.
 */
public final class EarlyStart implements ApplicationListener<ApplicationStartingEvent> {
    private record Started(OrchestratorSettings settings, SnapStartHooks hooks) {}

    private static final AtomicReference<CompletableFuture<Started>> STARTED = new AtomicReference<>();

    @Override
    public void onApplicationEvent(ApplicationStartingEvent event) {
        if (!event.getSpringApplication().getAllSources().contains(OrchestratorLambda.class)) {
            return;
        }
        // Even the binding (Spring's conversion service) is off the main thread, which has the environment to prepare.
        CompletableFuture<Started> started = new CompletableFuture<>();
        Map<String, Object> systemProperties = new HashMap<>();
        System.getProperties().forEach((k, v) -> systemProperties.put(String.valueOf(k), v)); // as they are now
        Thread t = new Thread(() -> {
            try {
                StandardEnvironment env = LeanEnvironment.of(systemProperties);
                OrchestratorSettings settings = OrchestratorSettings.of(env);
                started.complete(new Started(settings, settings.start(env)));
            } catch (Throwable e) {
                started.completeExceptionally(e);
            }
        }, SnapStartHooks.WIRING_THREAD + "-early");
        t.setDaemon(true);
        t.start();
        discard(STARTED.getAndSet(started));
    }

    /** The wiring started for {@code settings}, or {@code null} when none was (or one for other settings, which is closed). */
    static SnapStartHooks take(OrchestratorSettings settings) {
        CompletableFuture<Started> future = STARTED.getAndSet(null);
        if (future == null) {
            return null;
        }
        Started started;
        try {
            started = future.join();
        } catch (CompletionException e) {
            return null; // the early binding failed: the lambda binds and wires on its own, and reports what fails
        }
        if (started.settings().equals(settings)) {
            return started.hooks();
        }
        close(started);
        return null;
    }

    private static void discard(CompletableFuture<Started> started) {
        if (started != null) {
            started.thenAccept(EarlyStart::close);
        }
    }

    private static void close(Started started) {
        try {
            started.hooks().close();
        } catch (Exception e) {
            // A wiring never used: nothing depends on how its clients closed.
        }
    }
}
