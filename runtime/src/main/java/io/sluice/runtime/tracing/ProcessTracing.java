package io.sluice.runtime.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.sluice.functions.observe.RuntimeObserver;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The process's tracing, as OpenTelemetry's standard variables configure it (autoconfigure: {@code OTEL_SERVICE_NAME},
 * {@code OTEL_EXPORTER_OTLP_ENDPOINT}, {@code OTEL_EXPORTER_OTLP_PROTOCOL}, {@code OTEL_TRACES_SAMPLER}, ... or their
 * {@code otel.*} system properties). OTLP goes over HTTP with protobuf ({@code http/protobuf}, the default here; the
 * build carries no gRPC sender). Off unless asked for: {@code OTEL_TRACES_EXPORTER} set to something other than
 * {@code none}, or an OTLP endpoint set; and never with {@code OTEL_SDK_DISABLED=true}. Only traces: the metrics go
 * through Micrometer, so OpenTelemetry's metric and log exporters default to {@code none}. One SDK per process, made
 * the first time it is asked for and shut down (its spans flushed) when the JVM exits.
 */
public final class ProcessTracing {
    private static volatile OpenTelemetrySdk sdk;
    private static volatile boolean decided;

    private ProcessTracing() {}

    /** Whether the variables (read by {@code env}, by their environment names) turn tracing on. */
    static boolean enabled(UnaryOperator<String> env) {
        if ("true".equalsIgnoreCase(env.apply("OTEL_SDK_DISABLED"))) {
            return false;
        }
        String exporter = env.apply("OTEL_TRACES_EXPORTER");
        if (exporter != null && !exporter.isBlank()) {
            return !exporter.trim().equalsIgnoreCase("none");
        }
        return present(env.apply("OTEL_EXPORTER_OTLP_ENDPOINT")) || present(env.apply("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"));
    }

    private static boolean present(String v) {
        return v != null && !v.isBlank();
    }

    /** A variable as autoconfigure reads it: the system property {@code otel.x.y} first, then the variable {@code OTEL_X_Y}. */
    private static String variable(String name) {
        String property = System.getProperty(name.toLowerCase(java.util.Locale.ROOT).replace('_', '.'));
        return property != null ? property : System.getenv(name);
    }

    /** The process's OpenTelemetry, or null when tracing is off. */
    public static OpenTelemetry get() {
        if (!decided) {
            synchronized (ProcessTracing.class) {
                if (!decided) {
                    sdk = enabled(ProcessTracing::variable) ? configured() : null;
                    decided = true;
                }
            }
        }
        return sdk;
    }

    private static OpenTelemetrySdk configured() {
        try {
            return AutoConfiguredOpenTelemetrySdk.builder().addPropertiesSupplier(() -> Map.of("otel.service.name", "sluice",
                            "otel.exporter.otlp.protocol", "http/protobuf", "otel.metrics.exporter", "none", "otel.logs.exporter", "none"))
                    .build().getOpenTelemetrySdk();
        } catch (RuntimeException e) {
            throw new IllegalStateException("tracing: the OTEL_* variables do not configure an exporter this build has (it exports OTLP over"
                    + " HTTP: OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf, the default; grpc is not included): " + e.getMessage(), e);
        }
    }

    /**
     * {@code inner} with the process's tracing over it ({@link TracingObserver}), or {@code inner} itself when tracing is
     * off; {@code openTelemetry} null means the process's ({@link #get()}).
     */
    public static RuntimeObserver over(RuntimeObserver inner, OpenTelemetry openTelemetry) {
        OpenTelemetry otel = openTelemetry != null ? openTelemetry : get();
        if (otel == null) {
            return inner;
        }
        return new TracingObserver(otel.getTracer("io.sluice.runtime"), inner);
    }

    /**
     * Exports the spans the process's SDK holds, waiting up to five seconds: a Lambda's invocation is ending, and the
     * process may be frozen before the batch would go. Nothing when tracing is off.
     */
    public static void flush() {
        OpenTelemetrySdk s = decided ? sdk : null;
        if (s != null) {
            s.getSdkTracerProvider().forceFlush().join(5, TimeUnit.SECONDS);
        }
    }
}
