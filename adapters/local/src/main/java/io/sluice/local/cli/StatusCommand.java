package io.sluice.local.cli;

import io.sluice.local.embedded.EmbeddedPostgres;
import io.sluice.local.status.PostgresStatusStore;
import io.sluice.local.status.StatusTable;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.StatusRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * {@code sluice status [--pipeline P] [--partition D] [--limit N] [--json]}: the status table
 * ({@code sluice_status}), newest runs first. It reads the PostgreSQL {@code SLUICE_PG_URL} names, or
 * else the embedded one a {@code sluice serve} keeps running from {@code .sluice/pg} in this folder
 * (its port is in the server's {@code postmaster.pid}).
 */
final class StatusCommand {
    static final Path EMBEDDED_DATA = Path.of(".sluice", "pg");

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;

    StatusCommand(PrintStream out, PrintStream err, Map<String, String> env) {
        this.out = out;
        this.err = err;
        this.env = env;
    }

    int run(String[] args) {
        Flags f = Flags.parse(args, Set.of("--pipeline", "--partition", "--limit"), Set.of("--json", "--wide"));
        if (!f.positional().isEmpty()) {
            throw new SluiceCli.UsageException("unexpected argument '" + f.positional().getFirst() + "'");
        }
        Optional<String> url = url();
        if (url.isEmpty()) {
            err.println("sluice status: no PostgreSQL to read: set " + EmbeddedPostgres.URL_VARIABLE + " to the server the runtime "
                    + "uses, or run this where a 'sluice serve' with its embedded PostgreSQL (" + EMBEDDED_DATA + ") is running.");
            return 1;
        }
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(url.get());
        List<StatusRecord> rows;
        try {
            rows = new PostgresStatusStore(ds).list(f.value("--pipeline"), f.value("--partition"), f.number("--limit", 50, 1));
        } catch (IllegalStateException e) {
            err.println("sluice status: " + e.getMessage());
            return 1;
        }
        if (f.has("--json")) {
            rows.forEach(r -> out.println(Json.write(StatusTable.json(r))));
        } else if (rows.isEmpty()) {
            out.println("no runs" + (f.has("--pipeline") ? " of " + f.value("--pipeline") : "")
                    + (f.has("--partition") ? " for partition " + f.value("--partition") : "") + " in sluice_status");
        } else {
            StatusTable.print(rows, out, f.has("--wide") ? 0 : 100);
        }
        return 0;
    }

    private Optional<String> url() {
        String configured = env.get(EmbeddedPostgres.URL_VARIABLE);
        if (configured != null && !configured.isBlank()) {
            return Optional.of(EmbeddedPostgres.toJdbc(configured.strip()));
        }
        return embeddedPort(EMBEDDED_DATA).map(port -> "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres");
    }

    /** The port of the server running from {@code dataDir}: the fourth line of its postmaster.pid. */
    static Optional<Integer> embeddedPort(Path dataDir) {
        try {
            List<String> lines = Files.readAllLines(dataDir.resolve("postmaster.pid"));
            return lines.size() < 4 ? Optional.empty() : Optional.of(Integer.parseInt(lines.get(3).strip()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
