package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.local.app.LocalAppTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ConfigurableApplicationContext;

/** {@code sluice start}, {@code executions} and {@code history} against a running app, and what {@code serve} prints. */
class CliAgainstServerTest extends LocalAppTest {
    @Autowired
    ConfigurableApplicationContext context;

    private CliRun cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = SluiceCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("SLUICE_URL", url()));
        return new CliRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void startThenListThenReadTheHistory() {
        String name = unique("cli");
        CliRun started = cli("start", "shout", "--name", name, "--partition", "2026-11-29", "--input", "{\"text\": \"cli\"}");
        assertThat(started.exit()).as(started.err()).isZero();
        assertThat(started.out()).isEqualTo("started shout:" + name + " (RUNNING)\n");
        await().atMost(Duration.ofSeconds(20)).until(() -> cli("executions", "--pipeline", "shout", "--status", "succeeded").out().contains(name));

        String[] table = cli("executions", "--pipeline", "shout").out().split("\n");
        assertThat(table[0]).matches("EXECUTION +STATUS +STARTED +DURATION +PARTITION");
        assertThat(table).anySatisfy(row -> assertThat(row).matches("shout:" + name + " +SUCCEEDED +\\d{4}-\\d\\d-\\d\\dT\\S+ +\\d+\\.\\ds +2026-11-29"));
        // Found by a part of its name, in any case: that run alone.
        String[] byName = cli("executions", "--name", name.toUpperCase(java.util.Locale.ROOT)).out().split("\n");
        assertThat(byName).hasSize(2);
        assertThat(byName[1]).startsWith("shout:" + name + " ");

        CliRun history = cli("history", "shout:" + name);
        assertThat(history.exit()).isZero();
        assertThat(history.out().lines()).first().asString().matches("\\d\\d:\\d\\d:\\d\\d\\.\\d+ +EXECUTION_STARTED +\\{\"input\":\\{\"text\":\"cli\",\"partition\":\"2026-11-29\"}}");
        assertThat(history.out()).containsPattern("TASK_SCHEDULED +Shout +function=shout token=shout:" + name + "\\.0\\.1\\.0")
                .containsPattern("EXECUTION_SUCCEEDED +\\{\"output\":\"CLI!\"}");
    }

    @Test
    void startingARunningNameAgainSaysSo() {
        String name = unique("again");
        assertThat(cli("start", "waits", "--name", name).out()).isEqualTo("started waits:" + name + " (RUNNING)\n");
        assertThat(cli("start", "waits", "--name", name).out()).isEqualTo("already running waits:" + name + " (RUNNING)\n");
        http().post("/v1/executions/waits:" + name + "/stop", "");
        CliRun taken = cli("start", "waits", "--name", name);
        assertThat(taken.exit()).isEqualTo(1);
        assertThat(taken.err()).contains("already ran and ended ABORTED");
    }

    @Test
    void refusalsAndAnAbsentServerAreExplained() {
        CliRun missing = cli("history", "shout:never");
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.err()).startsWith("sluice history: No execution 'shout:never'");
        assertThat(cli("executions", "--status", "DONE").err()).contains("status: expected one of");
        assertThat(cli("start", "shout", "--input", "{nope").exit()).isEqualTo(2);
        assertThat(cli("history").exit()).isEqualTo(2);

        CliRun absent = cli("executions", "--url", "http://127.0.0.1:1");
        assertThat(absent.exit()).isEqualTo(1);
        assertThat(absent.err()).contains("no Sluice server answers at http://127.0.0.1:1").contains("./sluice serve");
    }

    @Test
    void serveReportsWhereItListensAndWhatItUses() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ServeCommand.report(context, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("sluice: listening on http://127.0.0.1:" + port)
                .contains("sluice: web console on http://127.0.0.1:" + port + "/console/")
                .containsPattern("pipelines from \\S+: bad-options, down, orders, shout, up-a, up-b, waits \\(4 problem\\(s\\)")
                .contains("sluice: no tenants configured: local mode")
                .containsPattern("Redis: Redis at redis://\\S+ \\(key prefix sluice-test:local:")
                .containsPattern("queue: Redis \\(the same server, key prefix sluice-test:local:");
    }

    @Test
    void serveRefusesArgumentsItDoesNotKnowBeforeStartingAnything() {
        assertThat(cli("serve", "--port", "eighty").exit()).isEqualTo(2);
        assertThat(cli("serve", "extra").exit()).isEqualTo(2);
    }
}
