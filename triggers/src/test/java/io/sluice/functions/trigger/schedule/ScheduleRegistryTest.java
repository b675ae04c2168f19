package io.sluice.functions.trigger.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.testkit.fake.InMemoryScheduleIndex;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleRegistryTest {
    private final InMemoryScheduleIndex index = new InMemoryScheduleIndex();
    private final ScheduleRegistry registry = new ScheduleRegistry(index);
    private final Instant now = Instant.parse("2026-11-29T12:00:00.250Z");

    @Test
    void aCronScheduleStartsAtItsNextFireAndARateOneRateAfterRegistration() {
        assertThat(registry.register(ScheduleKey.of("daily"), ScheduleShape.of("cron(0 3 * * ? *)", "Europe/Berlin", "skip", "latest"), now))
                .contains(Instant.parse("2026-11-30T02:00:00Z"));
        assertThat(registry.register(ScheduleKey.of("every5"), ScheduleShape.of("rate(5 minutes)", "UTC", "allow", "none"), now))
                .contains(Instant.parse("2026-11-29T12:05:01Z"));
    }

    @Test
    void registeringAnUnchangedScheduleAgainKeepsItsNextFire() {
        ScheduleShape shape = ScheduleShape.of("rate(5 minutes)", "UTC", "allow", "none");
        Instant first = registry.register(ScheduleKey.of("p"), shape, now).orElseThrow();
        assertThat(registry.register(ScheduleKey.of("p"), shape, now.plusSeconds(100))).contains(first);
        ScheduleShape changed = ScheduleShape.of("rate(10 minutes)", "UTC", "allow", "none");
        assertThat(registry.register(ScheduleKey.of("p"), changed, now.plusSeconds(100))).contains(Instant.parse("2026-11-29T12:11:41Z"));
        assertThat(index.get("p").orElseThrow().shape()).isEqualTo(changed.encode());
        assertThat(registry.unregister(ScheduleKey.of("p"))).isTrue();
    }

    @Test
    void aScheduleThatNeverFiresAgainIsNotKept() {
        ScheduleShape past = ScheduleShape.of("cron(0 8 1 JAN ? 2020)", "UTC", "allow", "none");
        assertThat(registry.register(ScheduleKey.of("old"), past, now)).isEmpty();
        assertThat(index.get("old")).isEmpty();
        assertThatThrownBy(() -> registry.registerAll(List.of(new ScheduleRegistry.Registration(ScheduleKey.of("old"), past)), now))
                .hasMessageContaining("never fires after");
    }

    @Test
    void shapesRoundTripThroughTheirEncoding() {
        ScheduleShape shape = ScheduleShape.of("cron(0/15 * ? * MON-FRI *)", "America/New_York", "queue", "all:24");
        assertThat(shape.encode()).isEqualTo("cron(0/15 * ? * MON-FRI *)|America/New_York|queue|all:24");
        ScheduleShape back = ScheduleShape.decode(shape.encode());
        assertThat(back.encode()).isEqualTo(shape.encode());
        assertThat(back.overlap()).isEqualTo(OverlapPolicy.QUEUE);
        assertThat(back.catchUp()).isEqualTo(CatchUpPolicy.all(24));
        assertThatThrownBy(() -> ScheduleShape.of("rate(1 hour)", "UTC", "sometimes", "none")).hasMessageContaining("expected skip, queue or allow");
        assertThatThrownBy(() -> ScheduleShape.of("rate(1 hour)", "UTC", "skip", "all")).hasMessageContaining("all:N");
    }

    @Test
    void executionNamesComeFromTheScheduledTime() {
        assertThat(ScheduleKey.of("orders").executionName(Instant.parse("2026-11-29T03:00:00Z"))).isEqualTo("sched-20261129T0300Z");
        assertThat(ScheduleKey.of("orders").executionName(Instant.parse("2026-11-29T03:00:07Z"))).isEqualTo("sched-20261129T030007Z");
        assertThat(ScheduleKey.parse("orders/eod").executionName(Instant.parse("2026-11-29T03:00:00Z"))).isEqualTo("sched-eod-20261129T0300Z");
        assertThat(ScheduleKey.parse("orders/eod").pipeline()).isEqualTo("orders");
    }
}
