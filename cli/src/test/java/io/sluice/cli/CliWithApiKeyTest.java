package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.local.app.TenantAppTest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The remote commands against a server with tenants: with a key they work, without one they say why not. */
class CliWithApiKeyTest extends TenantAppTest {
    private record Run(int exit, String out, String err) {}

    private Run run(String key, String... args) throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        java.util.Map<String, String> env = new java.util.HashMap<>();
        env.put("SLUICE_URL", "http://127.0.0.1:" + port);
        if (key != null) {
            env.put("SLUICE_API_KEY", key);
        }
        int exit = SluiceCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), env);
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aKeyIsSentAsABearerToken() throws InterruptedException {
        Run started = run(FIN_OPERATOR, "start", "fin-orders", "--name", unique("cli"));
        assertThat(started.exit()).as(started.err()).isZero();
        assertThat(run(FIN_READER, "executions", "--pipeline", "fin-orders").exit()).isZero();
        Run without = run(null, "executions");
        assertThat(without.exit()).isNotZero();
        assertThat(without.err()).contains("Authorization: Bearer");
    }
}
