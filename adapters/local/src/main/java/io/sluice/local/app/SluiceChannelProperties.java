package io.sluice.local.app;

import io.sluice.functions.channel.ChannelSettings;
import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.port.RateLimiter;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sluice.channels.*}: the priority channels' limits, held across processes in Redis. A rate of 0 is no
 * rate limit. Defaults as {@link ChannelSettings#defaults()}.
 *
 * <pre>
 * sluice.channels.concurrency.P3=20          # at most 20 P3 tasks at once, across processes
 * sluice.channels.rate.P3=50                 # at most 50 P3 task starts a second
 * sluice.channels.pipeline-concurrency=100   # per pipeline, any channel
 * sluice.channels.tenant-concurrency=300
 * sluice.channels.pressure-backlog=1000      # a channel with more waiting is under pressure: the ones below it pause
 * sluice.channels.pressure-oldest=30s
 * sluice.channels.refill-pacing=true        # P1-P3 spread their starts over their tasks' duration (RefillPacing)
 * sluice.channels.refill-pacing-max-gap=1s  # at most this between two starts of a paced channel
 * </pre>
 */
@ConfigurationProperties("sluice.channels")
public record SluiceChannelProperties(Map<Priority, Integer> concurrency, Map<Priority, Double> rate,
                                      @DefaultValue("100") int pipelineConcurrency, @DefaultValue("0") double pipelineRate,
                                      @DefaultValue("300") int tenantConcurrency, @DefaultValue("0") double tenantRate,
                                      @DefaultValue("16") int lowerTurnEvery, @DefaultValue("1000") long pressureBacklog,
                                      @DefaultValue("30s") Duration pressureOldest, @DefaultValue("1s") Duration pressureEvery,
                                      @DefaultValue("5m") Duration lease, @DefaultValue("true") boolean refillPacing,
                                      @DefaultValue("1s") Duration refillPacingMaxGap) {

    /** The settings these properties describe; a bad value is an error naming its property. */
    public ChannelSettings settings() {
        ChannelSettings d = ChannelSettings.defaults();
        Map<Priority, ChannelSettings.Limits> channels = new EnumMap<>(Priority.class);
        for (Priority p : Priority.values()) {
            int c = concurrency != null && concurrency.containsKey(p) ? concurrency.get(p) : d.channels().get(p).concurrency();
            double r = rate != null && rate.containsKey(p) ? rate.get(p) : 0;
            channels.put(p, limits("sluice.channels.concurrency." + p, c, "sluice.channels.rate." + p, r));
        }
        return new ChannelSettings(channels, limits("sluice.channels.pipeline-concurrency", pipelineConcurrency,
                "sluice.channels.pipeline-rate", pipelineRate), limits("sluice.channels.tenant-concurrency", tenantConcurrency,
                "sluice.channels.tenant-rate", tenantRate), lowerTurnEvery,
                new ChannelSettings.Pressure(pressureBacklog, pressureOldest, pressureEvery), lease,
                new ChannelSettings.Pacing(refillPacing, refillPacingMaxGap));
    }

    private static ChannelSettings.Limits limits(String concurrencyName, int concurrency, String rateName, double rate) {
        if (concurrency < 1) {
            throw new IllegalArgumentException(concurrencyName + ": expected a concurrency limit of at least 1; got " + concurrency);
        }
        if (rate < 0 || Double.isNaN(rate)) {
            throw new IllegalArgumentException(rateName + ": expected tasks a second, 0 for no limit; got " + rate);
        }
        return new ChannelSettings.Limits(concurrency, rate == 0 ? null
                : new RateLimiter.Limit(rate, (int) Math.max(1, Math.ceil(rate))));
    }
}
