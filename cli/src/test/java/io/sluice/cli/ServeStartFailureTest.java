package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.local.embedded.RuntimeFolder;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A {@code serve} that cannot start says why in one line on stderr, and the framework says nothing. */
class ServeStartFailureTest {
    @TempDir
    Path folder;

    /** What {@code sluice serve ARGS} wrote: its exit code, its stderr, and everything else the JVM printed meanwhile. */
    private record Outcome(int code, String err, String console) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    private Outcome serve(String... args) {
        List<String> all = new ArrayList<>(List.of("serve", "--sluice.data-functions=false",
                "--sluice.pipelines-dir=" + folder.resolve("pipelines"), "--sluice.state-dir=" + folder.resolve(".sluice"),
                "--sluice.queue-prefix=fail-" + UUID.randomUUID().toString().substring(0, 8),
                "--server.tomcat.basedir=" + folder.resolve("tomcat"), "--spring.main.register-shutdown-hook=false",
                "--sluice.sfn-api.port=0"));
        all.addAll(List.of(args));
        if (!all.contains("--port")) {
            all.addAll(List.of("--port", "0"));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream systemOut = System.out;
        PrintStream systemErr = System.err;
        PrintStream captured = new PrintStream(console, true, StandardCharsets.UTF_8);
        System.setOut(captured);
        System.setErr(captured);
        int code;
        try {
            code = SluiceCli.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), Map.of());
        } finally {
            System.setOut(systemOut);
            System.setErr(systemErr);
        }
        return new Outcome(code, err.toString(StandardCharsets.UTF_8), console.toString(StandardCharsets.UTF_8) + out);
    }

    /**
     * Nothing but the one line: no framework report, and not the web context's warning that it cancels its refresh, which
     * named every bean on the way to the failure in one 1,200-character line before the useful one (issue 35).
     */
    private static void assertQuiet(Outcome o) {
        assertThat(o.console().lines().count()).as(o.console()).isLessThanOrEqualTo(3);
        assertThat(o.console()).as(o.console()).doesNotContain("cancelling refresh").doesNotContain("Exception");
    }

    private static String redis() {
        return "--sluice.redis.url=" + RedisTestServer.shared().url();
    }

    @Test
    void aBrokenTriggersFileIsOneLineNamingIt() throws Exception {
        Files.createDirectories(folder.resolve("pipelines"));
        Files.writeString(folder.resolve("pipelines/triggers.json"), "{\"rules\": [ {\"oops\"");
        Outcome o = serve(redis(), "--sluice.redis.key-prefix=sluice-test:fail:" + UUID.randomUUID());
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.errLines()).as(o.err()).hasSize(1);
        assertThat(o.err()).startsWith("sluice serve: could not start: ").contains("triggers.json").contains("--debug");
        assertQuiet(o);
    }

    @Test
    void aBusyPortIsOneLineNamingThePort() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Outcome o = serve(redis(), "--sluice.redis.key-prefix=sluice-test:fail:" + UUID.randomUUID(),
                    "--port", String.valueOf(busy.getLocalPort()));
            assertThat(o.code()).isEqualTo(1);
            assertThat(o.errLines()).as(o.err()).hasSize(1);
            assertThat(o.err()).contains("port " + busy.getLocalPort() + " is already in use");
            assertQuiet(o);
        }
    }

    @Test
    void aSecondRuntimeInTheSameFolderIsOneLineNamingTheFirst() {
        try (RuntimeFolder first = RuntimeFolder.at(folder.resolve(".sluice")).claim()) {
            Outcome o = serve();
            assertThat(o.code()).isEqualTo(1);
            assertThat(o.errLines()).as(o.err()).hasSize(1);
            assertThat(o.err()).contains("Another Sluice runtime is running in " + folder.resolve(".sluice"))
                    .contains("pid " + ProcessHandle.current().pid());
            assertQuiet(o);
        }
    }

    @Test
    void aBadSettingValueIsOneLineListingTheAllowedValues() {
        Outcome o = serve(redis(), "--sluice.redis.key-prefix=sluice-test:fail:" + UUID.randomUUID(), "--sluice.queue=bogus");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.errLines()).as(o.err()).hasSize(1);
        assertThat(o.err()).startsWith("sluice serve: could not start: --sluice.queue=bogus ")
                .contains("allowed values: redis, sqs")
                .doesNotContain("io.sluice").doesNotContain("$");
        assertQuiet(o);
    }

    @Test
    void debugShowsTheTrace() throws Exception {
        Files.createDirectories(folder.resolve("pipelines"));
        Files.writeString(folder.resolve("pipelines/triggers.json"), "not json");
        Outcome o = serve(redis(), "--sluice.redis.key-prefix=sluice-test:fail:" + UUID.randomUUID(), "--debug");
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.errLines().size()).isGreaterThan(5);
        assertThat(o.err()).contains("\tat ");
    }
}
