package io.sluice.transfer.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.harness.TaskError;
import io.sluice.functions.task.export.ExportTargets.Target;
import io.sluice.functions.task.export.PushExport;
import io.sluice.testkit.fake.InMemoryRateLimiter;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/** The export targets a Lambda can push to: http ones; an sftp target is refused, naming itself and why. */
class HttpExportTargetsTest {
    private final HttpExportTargets targets = new HttpExportTargets("AWS Lambda", Egress.allowing("127.0.0.1:1", "127.0.0.1:2222"),
            new InMemoryRateLimiter(), Clock.systemUTC(), d -> { });

    @Test
    void anSftpTargetIsAnInvalidInputNamingTheTargetAndWhyAndStartsNoClient() {
        assertThatThrownBy(() -> targets.exporter(new Target("partner-sftp", "sftp", "sftp://retail@127.0.0.1:2222/inbound", "pw", null)))
                .isInstanceOfSatisfying(TaskError.class, e -> {
                    assertThat(e.errorName()).isEqualTo(PushExport.INVALID_INPUT);
                    assertThat(e.retryable()).isFalse();
                })
                .hasMessageContaining("'partner-sftp'").hasMessageContaining("SFTP targets do not run on AWS Lambda");
    }

    @Test
    void anHttpTargetNeedsAnHttpUrl() {
        assertThatThrownBy(() -> targets.exporter(new Target("api", "http", "ftp://example.com/in", null, null)))
                .isInstanceOf(TaskError.class).hasMessageContaining("http(s) URL");
        assertThat(targets.exporter(new Target("a", "http", "http://127.0.0.1:1/in", null, 5))).isNotNull();
        assertThat(targets.exporter(new Target("b", "http", "https://127.0.0.1:1/in", "token", null))).isNotNull();
    }
}
