package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.local.console.ConsoleScript;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The web console of the app in local mode (no tenants file), in Debian's chromium: no key is asked, a pipeline
 * started from the page succeeds, an invalid one shows its problems, and nothing is fetched from another origin
 * ({@code console/e2e/console-local.mjs}; the tenants' side is {@code ConsoleBrowserTest}).
 */
class ConsoleLocalModeTest extends LocalAppTest {

    @Test
    void theConsoleNeedsNoKeyInLocalMode() throws Exception {
        ConsoleScript.Result result = ConsoleScript.run("console-local.mjs", Map.of("CONSOLE_URL", url() + "/console/"));
        assertThat(result.exitCode()).as("the browser script's exit code; its output:%n%s", result.output()).isZero();
        assertThat(result.checks()).as(result.output())
                .contains("no key asked", "started and succeeded", "problems shown", "dead letters page", "no page errors", "same origin only");
    }
}
