package io.sluice.azure.metrics;

import com.azure.core.credential.TokenCredential;
import com.azure.identity.ManagedIdentityCredentialBuilder;
import com.azure.monitor.opentelemetry.autoconfigure.AzureMonitorAutoConfigure;
import com.azure.monitor.opentelemetry.autoconfigure.AzureMonitorAutoConfigureOptions;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.instrumentation.micrometer.v1_5.OpenTelemetryMeterRegistry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdkBuilder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The Function App's metrics in Azure Monitor: the runtime's Micrometer meters ({@code RuntimeBuilder.metrics}) bridged to
 * OpenTelemetry (opentelemetry-micrometer-1.5) and exported by Microsoft's Azure Monitor exporter
 * (azure-monitor-opentelemetry-autoconfigure) to the Application Insights resource that the standard
 * {@code APPLICATIONINSIGHTS_CONNECTION_STRING} names, where they are the {@code customMetrics} table: each meter's name,
 * its tags as {@code customDimensions}, timers in seconds. Where the resource takes only Entra ID
 * ({@code APPLICATIONINSIGHTS_AUTHENTICATION_STRING=Authorization=AAD;ClientId=<id>}, as the Terraform module sets), the
 * app's managed identity signs the uploads. Exported every {@code OTEL_METRIC_EXPORT_INTERVAL} (60 s by default) and at close.
 *
 * <p>The runtime's spans go the same way ({@link #tracing()}: each execution one operation of requests and dependencies)
 * unless the {@code OTEL_*} variables send traces elsewhere (an OTLP endpoint or {@code OTEL_TRACES_EXPORTER}, which
 * {@code ProcessTracing} follows; {@code OTEL_TRACES_EXPORTER=none} turns them off). Never logs.
 */
public final class AzureMonitorMetrics implements AutoCloseable {
    public static final String CONNECTION_STRING = "APPLICATIONINSIGHTS_CONNECTION_STRING";
    public static final String AUTHENTICATION_STRING = "APPLICATIONINSIGHTS_AUTHENTICATION_STRING";

    private final OpenTelemetrySdk sdk;
    private final MeterRegistry registry;
    private final boolean traces;

    /**
     * @param credential who signs the uploads (a managed identity), or null for a resource that takes the connection
     *                   string's instrumentation key alone
     * @param exportEvery how often the meters are sent
     * @param traces      whether the runtime's spans go to Application Insights too ({@link #tracing()})
     */
    public AzureMonitorMetrics(String connectionString, TokenCredential credential, Duration exportEvery, boolean traces) {
        if (connectionString == null || !connectionString.contains("InstrumentationKey=")) {
            throw new IllegalArgumentException(CONNECTION_STRING + ": expected an Application Insights connection string"
                    + " (InstrumentationKey=...;IngestionEndpoint=...), got " + (connectionString == null ? "none" : "a value without InstrumentationKey"));
        }
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("otel.service.name", "sluice");
        properties.put("otel.metric.export.interval", Long.toString(exportEvery.toMillis()));
        AutoConfiguredOpenTelemetrySdkBuilder builder = AutoConfiguredOpenTelemetrySdk.builder().addPropertiesSupplier(() -> properties);
        AzureMonitorAutoConfigureOptions options = new AzureMonitorAutoConfigureOptions().connectionString(connectionString);
        if (credential != null) {
            options.credential(credential);
        }
        AzureMonitorAutoConfigure.customize(builder, options);
        // The exporter asks for every signal; this SDK carries the meters, and the spans unless OTEL_* sends them elsewhere.
        builder.addPropertiesSupplier(() -> traces ? Map.of("otel.logs.exporter", "none")
                : Map.of("otel.traces.exporter", "none", "otel.logs.exporter", "none"));
        this.traces = traces;
        this.sdk = builder.disableShutdownHook().build().getOpenTelemetrySdk();
        this.registry = OpenTelemetryMeterRegistry.builder(sdk).setBaseTimeUnit(TimeUnit.SECONDS).build();
    }

    /**
     * The metrics the variables ask for ({@code env} reads them by name): none without {@value #CONNECTION_STRING}; with
     * {@value #AUTHENTICATION_STRING} {@code Authorization=AAD}, the managed identity it names ({@code ClientId=}, else the
     * app's system-assigned one) signs the uploads.
     */
    public static Optional<AzureMonitorMetrics> fromEnvironment(UnaryOperator<String> env) {
        String connection = env.apply(CONNECTION_STRING);
        if (connection == null || connection.isBlank()) {
            return Optional.empty();
        }
        String interval = env.apply("OTEL_METRIC_EXPORT_INTERVAL");
        Duration every = interval == null || interval.isBlank() ? Duration.ofSeconds(60) : Duration.ofMillis(Long.parseLong(interval.trim()));
        return Optional.of(new AzureMonitorMetrics(connection.trim(), credential(env.apply(AUTHENTICATION_STRING)), every, tracesHere(env)));
    }

    /**
     * Whether spans go to Application Insights: yes, unless the {@code OTEL_*} variables decide where traces go (an exporter
     * named, {@code none} included, or an OTLP endpoint: then {@code ProcessTracing} follows them) or turn the SDK off.
     */
    static boolean tracesHere(UnaryOperator<String> env) {
        return !"true".equalsIgnoreCase(env.apply("OTEL_SDK_DISABLED")) && blank(env.apply("OTEL_TRACES_EXPORTER"))
                && blank(env.apply("OTEL_EXPORTER_OTLP_ENDPOINT")) && blank(env.apply("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"));
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    /** Where the runtime's spans go ({@code RuntimeBuilder.tracing}), when they go to Application Insights. */
    public Optional<io.opentelemetry.api.OpenTelemetry> tracing() {
        return traces ? Optional.of(sdk) : Optional.empty();
    }

    /** The managed identity {@code authentication} names, or null when it asks for none (no value, or not {@code AAD}). */
    static TokenCredential credential(String authentication) {
        Map<String, String> parts = parts(authentication);
        if (!"AAD".equalsIgnoreCase(parts.get("authorization"))) {
            return null;
        }
        String clientId = parts.get("clientid");
        ManagedIdentityCredentialBuilder identity = new ManagedIdentityCredentialBuilder();
        return (clientId == null || clientId.isBlank() ? identity : identity.clientId(clientId)).build();
    }

    /** {@code Key=Value;Key=Value}, keys lower case. */
    static Map<String, String> parts(String text) {
        Map<String, String> parts = new LinkedHashMap<>();
        if (text != null) {
            for (String part : text.split(";")) {
                int eq = part.indexOf('=');
                if (eq > 0) {
                    parts.put(part.substring(0, eq).trim().toLowerCase(java.util.Locale.ROOT), part.substring(eq + 1).trim());
                }
            }
        }
        return parts;
    }

    /** The registry the runtime reports to ({@code RuntimeBuilder.metrics}). */
    public MeterRegistry registry() {
        return registry;
    }

    /** Sends what the meters (and the spans, if they go here) hold now, waiting up to {@code wait}; true when the exporter took it. */
    public boolean flush(Duration wait) {
        boolean spans = !traces || sdk.getSdkTracerProvider().forceFlush().join(wait.toMillis(), TimeUnit.MILLISECONDS).isSuccess();
        return sdk.getSdkMeterProvider().forceFlush().join(wait.toMillis(), TimeUnit.MILLISECONDS).isSuccess() && spans;
    }

    /** Sends what is left and stops (the app is shutting down). */
    @Override
    public void close() {
        registry.close();
        sdk.shutdown().join(10, TimeUnit.SECONDS);
    }
}
