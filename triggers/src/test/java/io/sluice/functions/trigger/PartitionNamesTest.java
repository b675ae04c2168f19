package io.sluice.functions.trigger;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.trigger.upstream.PartitionMapping;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PartitionNamesTest {
    private static final String NAME = "[A-Za-z0-9_.:@-]{1,80}";

    @Test
    void aPlainPartitionIsItsOwnName() {
        assertThat(PartitionNames.of("2026-11-29")).isEqualTo("2026-11-29");
    }

    @Test
    void anyOtherPartitionGetsAReadableNameAndAHashSoTwoNeverCollide() {
        String a = PartitionNames.of("2026-11-29/eu west");
        String b = PartitionNames.of("2026-11-29/eu_west");
        assertThat(a).startsWith("2026-11-29_eu_west-").matches(NAME).isNotEqualTo(b);
        assertThat(PartitionNames.of("2026-11-29/eu west")).as("deterministic").isEqualTo(a);
        String longOne = PartitionNames.of("x".repeat(500));
        assertThat(longOne).hasSizeLessThanOrEqualTo(PartitionNames.MAX_PLAIN).matches(NAME);
        assertThat(PartitionNames.withSuffix("x".repeat(500), "0123abcd")).hasSizeLessThanOrEqualTo(80).matches(NAME);
        assertThat(PartitionNames.of("ü")).matches(NAME);
    }

    @Test
    void sameDateReadsTheLeadingCalendarDate() {
        assertThat(PartitionMapping.SAME_DATE.dependentPartition("2026-11-29T03")).contains("2026-11-29");
        assertThat(PartitionMapping.SAME_DATE.dependentPartition("2026-11-29/eu")).contains("2026-11-29");
        assertThat(PartitionMapping.SAME_DATE.dependentPartition("2026-11-29")).contains("2026-11-29");
        assertThat(PartitionMapping.SAME_DATE.dependentPartition("2026-02-30")).isEqualTo(Optional.empty());
        assertThat(PartitionMapping.SAME_DATE.dependentPartition("2026-11-290")).isEmpty();
        assertThat(PartitionMapping.SAME_DATE.dependentPartition("eu/2026-11-29")).isEmpty();
        assertThat(PartitionMapping.IDENTITY.dependentPartition("anything")).contains("anything");
        assertThat(PartitionMapping.byLabel("same-date")).contains(PartitionMapping.SAME_DATE);
        assertThat(PartitionMapping.byLabel("weekly")).isEmpty();
    }
}
