package io.sluice.runtime;

import io.sluice.functions.pipeline.PipelineOptions;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long a cloud host lets an execution wait in Redis before it sleeps in the host's data store (the S3 bucket, the Blob
 * container; {@link RuntimePorts#sleepingIn}): the setting {@value #PROPERTY} ({@code SLUICE_HIBERNATE_AFTER}), read the
 * same way by every Lambda (the lean orchestrator too) and the Azure Functions app. It takes an ISO-8601 duration
 * ({@code PT5M}), the short form the Terraform modules write ({@code 30s}, {@code 5m}, {@code 1h}, {@code 2d}) or
 * {@value #OFF}: nothing new sleeps, while the executions asleep still read and wake (the store still sleeps in the data
 * store). Unset or blank: {@link RuntimeBuilder#DEFAULT_SLEEP_AFTER}. A pipeline's own {@code "hibernateAfter"} in its
 * bundled {@code <id>.pipeline.json} wins over the host's, unless the host's is off.
 *
 * @param after {@code null} when off
 */
public record HostSleep(Duration after) {
    /** The setting's name; {@code SLUICE_HIBERNATE_AFTER} in the environment. */
    public static final String PROPERTY = "sluice.hibernate.after";
    public static final String OFF = "off";
    private static final Duration MAX = Duration.ofDays(365);
    private static final Pattern SHORT = Pattern.compile("([0-9]{1,6})([smhd])");

    public HostSleep {
        if (after != null && (after.isNegative() || after.compareTo(MAX) > 0)) {
            throw new IllegalArgumentException(PROPERTY + ": expected a duration from 0s to 365d, not " + after);
        }
    }

    /** The setting as written; a value it cannot read fails the start, naming the setting. */
    public static HostSleep of(String setting) {
        if (setting == null || setting.isBlank()) {
            return new HostSleep(RuntimeBuilder.DEFAULT_SLEEP_AFTER);
        }
        String s = setting.strip().toLowerCase(Locale.ROOT);
        if (s.equals(OFF)) {
            return new HostSleep(null);
        }
        Matcher m = SHORT.matcher(s);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return new HostSleep(switch (m.group(2)) {
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                case "h" -> Duration.ofHours(n);
                default -> Duration.ofDays(n);
            });
        }
        try {
            return new HostSleep(Duration.parse(s.toUpperCase(Locale.ROOT)));
        } catch (java.time.format.DateTimeParseException e) {
            throw new IllegalArgumentException(PROPERTY + " (SLUICE_HIBERNATE_AFTER): expected a duration such as PT5M, 5m or 1h, or "
                    + OFF + "; got '" + setting.strip() + "'", e);
        }
    }

    /** Whether nothing new sleeps. */
    public boolean off() {
        return after == null;
    }

    /**
     * How far a pipeline's waits must be before its executions sleep ({@link RuntimeBuilder#sleepAfter}): what its
     * {@code options} declare, else this host's; {@code null} (never) when the pipeline says {@code "never"} or the host is off.
     */
    public Function<String, Duration> perPipeline(Function<String, PipelineOptions> options) {
        Objects.requireNonNull(options, "options");
        if (off()) {
            return pipeline -> null;
        }
        return pipeline -> {
            PipelineOptions declared = options.apply(pipeline);
            Duration d = declared == null || declared.hibernateAfter() == null ? after : declared.hibernateAfter();
            return d.equals(PipelineOptions.NEVER_HIBERNATE) ? null : d;
        };
    }
}
