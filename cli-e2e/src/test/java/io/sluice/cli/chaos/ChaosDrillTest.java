package io.sluice.cli.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.embedded.EmbeddedRedis;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The small drill of {@code sluice chaos}: seven node processes (among them the events process, starting downstream runs, the triggers process, starting a run per object notified twice, and the dlq-handler), the retail example's pipelines for one date besides the synthetic runs, a redis-server with AOF that is SIGKILLed and
 * restarted, node SIGKILLs, duplicated and late results, poison; nothing lost, nothing doubled, the poison and
 * only the poison dead-lettered. It needs redis-server on PATH (the drill restarts it from its AOF, which the
 * embedded jar's server cannot do on a fixed port), and is skipped without one.
 */
class ChaosDrillTest {
    static final Path EXAMPLE = Path.of("../examples/retail").toAbsolutePath().normalize();

    @Test
    void aSmallDrillLosesNothingAndDoublesNothing() throws Exception {
        io.sluice.testkit.Requires.tool(EmbeddedRedis.executable("redis-server", System.getenv("PATH")).isPresent(),
                () -> "redis-server is not on PATH");
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        ChaosReport report = ChaosDrill.run(new ChaosDrill.Settings(8, Duration.ofSeconds(24), 19L, "everysec", Duration.ofSeconds(150),
                new PrintStream(progress, true, StandardCharsets.UTF_8), EXAMPLE));
        String shown = progress.toString(StandardCharsets.UTF_8) + report.json();
        assertThat(report.problems()).as(shown).isEmpty();
        assertThat(report.retail()).as("orders, customers and daily-sales for one date").isEqualTo(3);
        assertThat(report.executions()).isEqualTo(8 + 3);
        assertThat(report.finished()).as(shown).isEqualTo(8 + 3);
        assertThat(report.retailFinished()).as(shown).isEqualTo(3);
        assertThat(report.exported()).as("one extract at the partner's HTTP API, one on its SFTP server").isEqualTo(2);
        assertThat(report.downstream()).as("one downstream run per execution not planted to fail").isEqualTo(8 - report.plantedFailures());
        assertThat(report.downstreamFinished()).as(shown).isEqualTo(report.downstream());
        assertThat(report.objects()).isEqualTo(8);
        assertThat(report.objectRuns()).as(shown).isEqualTo(8);
        assertThat(report.lost()).as(shown).isZero();
        assertThat(report.doubledEffects()).as(shown).isZero();
        assertThat(report.kills()).as(shown).isGreaterThanOrEqualTo(2);
        assertThat(report.redisRestarts()).as(shown).isGreaterThanOrEqualTo(1);
        assertThat(report.poisonDlq()).as(shown).isEqualTo(report.poisonPlanted()).isEqualTo(3);
        assertThat(report.otherDlq()).as(shown).isZero();
        assertThat(report.poisonAlerts()).as("one alert per poison message, from the dlq-handler process").isEqualTo(3);
        assertThat(report.doubledAlerts()).as(shown).isZero();
        assertThat(report.sleeps()).as("the executions slept on their Wait, their callback and their retries' backoffs").isPositive();
        assertThat(report.sleepObjectsLeft()).as(shown).isZero();
        assertThat(report.passed()).isTrue();
    }

    /**
     * The same drill on a loopback Redis Cluster written with {@code ?replica-acks=1}, whose Redis fault SIGKILLs a
     * primary mid-run: its replica takes over (node timeout 2 s) and the killed node rejoins as a replica. An
     * acknowledged write is on a replica before it counts, so the takeover loses none of them (issue 32: without the
     * acknowledgements a failover loses what the replica had not received, RedisClusterFailoverTest).
     */
    @Test
    void aDrillOnRedisClusterWithAPrimaryFailedOverLosesNothingAndDoublesNothing() throws Exception {
        io.sluice.testkit.Requires.tool(EmbeddedRedis.executable("redis-server", System.getenv("PATH")).isPresent()
                && EmbeddedRedis.executable("redis-cli", System.getenv("PATH")).isPresent(), () -> "redis-server or redis-cli is not on PATH");
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        ChaosReport report = ChaosDrill.run(new ChaosDrill.Settings(8, Duration.ofSeconds(24), 19L, "everysec", Duration.ofSeconds(150),
                new PrintStream(progress, true, StandardCharsets.UTF_8), EXAMPLE, true));
        String shown = progress.toString(StandardCharsets.UTF_8) + report.json();
        assertThat(shown).contains("SIGKILL a Redis Cluster primary");
        assertThat(report.problems()).as(shown).isEmpty();
        assertThat(report.finished()).as(shown).isEqualTo(8 + 3);
        assertThat(report.lost()).as(shown).isZero();
        assertThat(report.doubledEffects()).as(shown).isZero();
        assertThat(report.redisRestarts()).as("failovers").isGreaterThanOrEqualTo(1);
        assertThat(report.sleeps()).as(shown).isPositive();
        assertThat(report.sleepObjectsLeft()).as(shown).isZero();
        assertThat(report.poisonDlq()).as(shown).isEqualTo(report.poisonPlanted());
        assertThat(report.otherDlq()).as(shown).isZero();
        assertThat(report.passed()).as(shown).isTrue();
    }

    @Test
    void aSeedGivesThePlanItGaveBefore() {
        assertThat(ChaosPlan.draw(7, 4, 20, 60_000)).isEqualTo(ChaosPlan.draw(7, 4, 20, 60_000));
        assertThat(ChaosPlan.draw(7, 4, 20, 60_000)).isNotEqualTo(ChaosPlan.draw(8, 4, 20, 60_000));
        ChaosPlan plan = ChaosPlan.draw(7, 4, 20, 60_000);
        assertThat(plan.count(ChaosPlan.RedisRestart.class)).isGreaterThanOrEqualTo(1);
        assertThat(plan.count(ChaosPlan.Kill.class)).isGreaterThanOrEqualTo(2);
        assertThat(plan.count(ChaosPlan.Poison.class)).isEqualTo(3);
        assertThat(ChaosPlan.draw(7, 7, 20, 90_000).faults().stream().filter(f -> f instanceof ChaosPlan.Kill)
                .map(f -> ((ChaosPlan.Kill) f).node()).distinct().count()).as("every one of 7 nodes is killed in a 90 s plan").isEqualTo(7);
    }
}
