package io.sluice.cli;

import io.sluice.local.embedded.EmbeddedPostgres;
import io.sluice.postgres.status.PostgresStatusStore;
import io.sluice.postgres.status.StatusTable;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.StatusRecord;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import com.fasterxml.jackson.databind.node.ArrayNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * {@code sluice status [--pipeline P] [--partition D] [--limit N] [--json]}: the status table
 * ({@code sluice_status}), newest runs first. It reads the PostgreSQL {@code SLUICE_PG_URL} names, or
 * else the embedded one a {@code sluice serve} keeps running from {@code .sluice/pg} in this folder
 * (its port is in the server's {@code postmaster.pid}; the password the runtime generated for it, which
 * every connection needs, in {@code .sluice/pg.password} beside it).
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = {"Print the status table (sluice_status), newest runs first.",
                "It reads the PostgreSQL SLUICE_PG_URL names, or else the embedded one a 'sluice serve' in this folder keeps",
                "running (.sluice/pg, with the password it generated in .sluice/pg.password)."})
final class StatusCommand implements Callable<Integer> {
    @Option(names = "--pipeline", paramLabel = "P", description = "only this pipeline's runs")
    private String pipeline;
    @Option(names = "--partition", paramLabel = "D", description = "only runs for this partition")
    private String partition;
    @Option(names = "--limit", paramLabel = "N", defaultValue = "50", description = "at most N rows (default ${DEFAULT-VALUE})")
    private int limit;
    @Option(names = "--json", description = "a JSON array of the rows ([] when there are none)")
    private boolean json;
    @Option(names = "--wide", description = "do not cut long errors to the screen's width")
    private boolean wide;

    static final Path EMBEDDED_DATA = Path.of(".sluice", "pg");

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;
    private final Path embeddedData;

    /** @param embeddedData the data folder of the embedded server to read when {@code SLUICE_PG_URL} is not set */
    StatusCommand(PrintStream out, PrintStream err, Map<String, String> env, Path embeddedData) {
        this.out = out;
        this.err = err;
        this.env = env;
        this.embeddedData = embeddedData;
    }

    StatusCommand(CliContext context) {
        this(context.out(), context.err(), context.env(), EMBEDDED_DATA);
    }

    @Override
    public Integer call() {
        if (limit < 1) {
            throw new SluiceCli.UsageException("--limit expects a whole number of at least 1, not '" + limit + "'");
        }
        Optional<String> url = url();
        if (url.isEmpty()) {
            err.println("sluice status: no PostgreSQL to read: set " + EmbeddedPostgres.URL_VARIABLE + " to the server the runtime "
                    + "uses, or run this where a 'sluice serve' with its embedded PostgreSQL (" + embeddedData + ") is running.");
            return 1;
        }
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(url.get());
        List<StatusRecord> rows;
        try {
            rows = new PostgresStatusStore(ds).list(pipeline, partition, limit);
        } catch (IllegalStateException e) {
            err.println("sluice status: " + e.getMessage());
            return 1;
        }
        if (json) {
            ArrayNode all = Json.MAPPER.createArrayNode();
            rows.forEach(r -> all.add(StatusTable.json(r)));
            out.println(Json.write(all));
        } else if (rows.isEmpty()) {
            out.println("no runs" + (pipeline != null ? " of " + pipeline : "")
                    + (partition != null ? " for partition " + partition : "") + " in sluice_status");
        } else {
            StatusTable.print(rows, out, wide ? 0 : 100);
        }
        return 0;
    }

    private Optional<String> url() {
        String configured = env.get(EmbeddedPostgres.URL_VARIABLE);
        if (configured != null && !configured.isBlank()) {
            return Optional.of(EmbeddedPostgres.toJdbc(configured.strip()));
        }
        return embeddedPort(embeddedData).map(port -> "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres"
                + embeddedPassword(embeddedData).map(p -> "&password=" + java.net.URLEncoder.encode(p, java.nio.charset.StandardCharsets.UTF_8))
                .orElse(""));
    }

    /**
     * The password the runtime generated for the embedded server of {@code dataDir}, which it keeps beside the
     * folder ({@code .sluice/pg.password} for {@code .sluice/pg}); empty when there is none to read.
     */
    static Optional<String> embeddedPassword(Path dataDir) {
        Path file = dataDir.resolveSibling(dataDir.getFileName() + ".password");
        try {
            String password = Files.readString(file).strip();
            return password.isEmpty() ? Optional.empty() : Optional.of(password);
        } catch (IOException e) {
            return Optional.empty();
        }
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
