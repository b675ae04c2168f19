package io.sluice.aws.glue;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code sluice.glue.*}: Glue runs the jobs when {@code enabled}.
 *
 * @param lookupPages    pages of GetJobRuns (200 runs each) a start reads for a run of its token (5)
 * @param claimLease     how long a start holds its token's claim (60 s)
 * @param pollInitial    glue-launch's first GetJobRun wait in a {@code .sync} task, doubling up to {@code pollMax} (5 s)
 * @param pollMax        the longest wait between two GetJobRun polls (60 s)
 * @param endpoint       an endpoint override for Glue alone
 */
@ConfigurationProperties("sluice.glue")
public record GlueProperties(boolean enabled, Integer lookupPages, Duration claimLease, Duration pollInitial, Duration pollMax,
                             URI endpoint) {
    public GlueProperties {
        lookupPages = lookupPages == null ? 5 : lookupPages;
        claimLease = claimLease == null ? Duration.ofSeconds(60) : claimLease;
        pollInitial = pollInitial == null ? Duration.ofSeconds(5) : pollInitial;
        pollMax = pollMax == null ? Duration.ofSeconds(60) : pollMax;
    }
}
