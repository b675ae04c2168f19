package io.sluice.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.pipeline.PipelineOptions;
import io.sluice.orchestration.json.Json;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** {@code SLUICE_HIBERNATE_AFTER} as the Terraform modules write it (5m, off) and as ISO-8601, and a pipeline's own over it. */
class HostSleepTest {

    @Test
    void readsIsoTheModulesShortFormAndOff() {
        assertThat(HostSleep.of(null).after()).isEqualTo(RuntimeBuilder.DEFAULT_SLEEP_AFTER);
        assertThat(HostSleep.of(" ").after()).isEqualTo(RuntimeBuilder.DEFAULT_SLEEP_AFTER);
        assertThat(HostSleep.of("PT5M").after()).isEqualTo(Duration.ofMinutes(5));
        assertThat(HostSleep.of("pt30s").after()).isEqualTo(Duration.ofSeconds(30));
        assertThat(HostSleep.of("5m").after()).isEqualTo(Duration.ofMinutes(5));
        assertThat(HostSleep.of("1h").after()).isEqualTo(Duration.ofHours(1));
        assertThat(HostSleep.of("2d").after()).isEqualTo(Duration.ofDays(2));
        assertThat(HostSleep.of("0s").after()).isZero();
        assertThat(HostSleep.of("OFF").off()).isTrue();
        assertThatThrownBy(() -> HostSleep.of("soon")).hasMessageContaining("sluice.hibernate.after").hasMessageContaining("'soon'");
        assertThatThrownBy(() -> HostSleep.of("-PT1M")).hasMessageContaining("from 0s to 365d");
        assertThatThrownBy(() -> HostSleep.of("400d")).hasMessageContaining("from 0s to 365d");
    }

    @Test
    void aPipelinesOwnSettingWinsUnlessTheHostIsOff() {
        Map<String, PipelineOptions> bundle = Map.of(
                "slow", options("slow", "{\"hibernateAfter\": \"PT1H\"}"),
                "awake", options("awake", "{\"hibernateAfter\": \"never\"}"),
                "plain", options("plain", "{}"));
        Function<String, PipelineOptions> find = id -> bundle.getOrDefault(id, PipelineOptions.NONE);

        Function<String, Duration> host = HostSleep.of("10m").perPipeline(find);
        assertThat(host.apply("slow")).isEqualTo(Duration.ofHours(1));
        assertThat(host.apply("awake")).as("never").isNull();
        assertThat(host.apply("plain")).isEqualTo(Duration.ofMinutes(10));
        assertThat(host.apply("created-through-the-sfn-api")).isEqualTo(Duration.ofMinutes(10));
        assertThat(HostSleep.of("5m").perPipeline(id -> null).apply("x")).isEqualTo(Duration.ofMinutes(5));

        Function<String, Duration> off = HostSleep.of("off").perPipeline(find);
        assertThat(off.apply("slow")).isNull();
        assertThat(off.apply("plain")).isNull();
    }

    private static PipelineOptions options(String id, String json) {
        return PipelineOptions.parse(id, Json.parse(json), id + ".pipeline.json").options();
    }
}
