package io.sluice.cli;

import java.io.PrintStream;
import java.util.Map;

/**
 * What every command is given: where results go, where problems go, and the environment
 * ({@code SLUICE_URL}, {@code SLUICE_API_KEY}, {@code SLUICE_PG_URL}, {@code PATH}), handed in rather than read.
 */
record CliContext(PrintStream out, PrintStream err, Map<String, String> env) {

    /** The server the remote commands talk to when {@code --url} is not given. */
    String serverUrl() {
        String url = env.get("SLUICE_URL");
        return url == null || url.isBlank() ? ApiClient.DEFAULT_URL : url.strip();
    }
}
