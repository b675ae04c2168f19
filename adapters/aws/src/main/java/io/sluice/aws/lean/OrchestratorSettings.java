package io.sluice.aws.lean;

import io.sluice.aws.AwsEvents;
import io.sluice.aws.AwsTriggers;
import io.sluice.aws.SluiceAwsProperties;
import io.sluice.api.bundle.BundledPipelines;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.aws.s3.S3Properties;
import io.sluice.aws.secrets.SecretsProperties;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Everything the orchestrator Lambda's wiring reads from its environment, bound once: the Redis, SQS, AWS and secrets
 * settings, whether execution events go to a bus, and the settings its retention is made from. Two environments that give
 * equal settings give the same wiring, which is what lets {@link EarlyStart} begin it before Spring's environment is ready.
 */
record OrchestratorSettings(SluiceAwsProperties properties, AwsServicesProperties aws, SecretsProperties secrets, boolean events,
                            Map<String, String> retention, S3Properties s3) {
    /**
     * The settings {@link OrchestratorLambda#retention}, {@link OrchestratorLambda#sleep}, {@link OrchestratorLambda#tenancy}
     * and the metrics' namespace read (the bucket's own, {@code sluice.s3.*}, are bound as {@code s3}).
     */
    private static final String[] RETENTION = {"sluice.s3.bucket", "sluice.retention", "sluice.name-reuse", "sluice.triggers.pipelines",
        "sluice.api.tenants", OrchestratorLambda.METRICS_NAMESPACE, io.sluice.runtime.HostSleep.PROPERTY};

    static OrchestratorSettings of(Environment env) {
        Binder binder = Binder.get(env);
        Map<String, String> retention = new LinkedHashMap<>();
        Arrays.stream(RETENTION).forEach(key -> retention.put(key, env.getProperty(key)));
        retention.putIfAbsent("sluice.triggers.pipelines", AwsTriggers.DEFAULT_PIPELINES);
        return new OrchestratorSettings(binder.bindOrCreate("sluice", SluiceAwsProperties.class),
                binder.bindOrCreate("sluice", AwsServicesProperties.class),
                binder.bindOrCreate("sluice.secrets", SecretsProperties.class),
                AwsEvents.enabled(env), // execution events for an EventBridge bus (AwsEvents)
                java.util.Collections.unmodifiableMap(retention),
                binder.bindOrCreate("sluice.s3", S3Properties.class)); // where waiting executions sleep
    }

    /** The hooks over a wiring of these settings, its building started on the hooks' own thread (not yet registered with CRaC). */
    SnapStartHooks start(Environment env) {
        return new SnapStartHooks(() -> wiring(env));
    }

    /** The wiring of the settings {@code env} gives, bound by the caller (the wiring's own thread, for {@link OrchestratorHandler}). */
    static SnapStartHooks.Wiring wire(Environment env) {
        return of(env).wiring(env);
    }

    private SnapStartHooks.Wiring wiring(Environment env) {
        BundledPipelines pipelines = OrchestratorLambda.bundle(env); // read once, for retention and sleep
        return OrchestratorLambda.wire(properties, aws, secrets, OrchestratorLambda.retention(env, pipelines), events,
                OrchestratorLambda.tenancy(env), env.getProperty(OrchestratorLambda.METRICS_NAMESPACE, "Sluice"),
                OrchestratorLambda.sleep(env, s3, pipelines));
    }
}
