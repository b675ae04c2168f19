package io.sluice.cli.chaos;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.cli.demo.DemoReceiver;
import io.sluice.cli.demo.DemoSftpServer;
import io.sluice.cli.demo.DemoStack;
import io.sluice.cli.demo.DemoWorkspace;
import io.sluice.cli.demo.RetailData;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.local.pattern.ClasspathPatternResources;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.postgres.status.PostgresStatusStore;
import io.sluice.redis.RedisExportLedger;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.redisson.api.RedissonClient;

/**
 * The demo's pattern pipelines in the drill: the retail example's {@code orders} and {@code customers} ingestions and
 * the {@code daily-sales} export that waits for both (its planted {@code returns} failure is left out; the drill plants
 * its own), for a few business dates, with the demo's partner (its HTTP API and SFTP server, from {@code sluice demo})
 * in the drill's process. The configs are the example's, copied as the demo copies them, with three changes: the
 * warehouse tables are in the drill's schema, the retries allow {@value #ATTEMPTS} attempts (a kill of a worker in the
 * middle of a job fails that job run, which a retry starts afresh; the example's two attempts would fail the run after
 * two kills), and no priority options (the drill has no alert tiers).
 *
 * <p>{@link #check} reads the ledgers: every run SUCCEEDED and its status row says so; each ingestion's batch
 * ({@code <pipeline>/<date>}) is in the load ledger once and in its table with exactly its drop file's rows; each export's batch
 * is in the export ledger of both targets, and the partner holds exactly one extract per export and target.
 */
final class ChaosRetail implements AutoCloseable {
    static final List<String> INGESTIONS = List.of("orders", "customers");
    static final String EXPORT = "daily-sales";
    static final List<String> PIPELINES = List.of("orders", "customers", EXPORT);
    static final List<String> TARGETS = List.of("partner-api", "partner-sftp");
    static final int ATTEMPTS = 12;
    static final RetailData.Size SIZE = new RetailData.Size(1_500, 300, 2);
    private static final LocalDate FIRST_DAY = LocalDate.of(2026, 11, 1);

    private final RetailFunctions.Folders folders;
    private final String schema;
    private final String run;
    private final Map<LocalDate, RetailData.Written> written = new LinkedHashMap<>();
    private final Map<String, Definition> definitions = new HashMap<>();
    private final DemoReceiver receiver;
    private final DemoSftpServer sftp;
    private final List<String> started = new ArrayList<>();

    private ChaosRetail(RetailFunctions.Folders folders, String schema, String run, DemoReceiver receiver, DemoSftpServer sftp) {
        this.folders = folders;
        this.schema = schema;
        this.run = run;
        this.receiver = receiver;
        this.sftp = sftp;
    }

    /** The number of business dates a drill of {@code executions} synthetic executions runs the retail pipelines for. */
    static int days(int executions) {
        return Math.max(1, executions / 10);
    }

    /**
     * Writes the drop files of {@code days} dates under {@code folders.root()}, starts the partner, copies the example's
     * configs and creates its warehouse tables in {@code schema}.
     */
    static ChaosRetail prepare(Path example, Path root, int days, long seed, String schema, String run, DataSource pg) throws IOException {
        DemoWorkspace ws = DemoWorkspace.create(root);
        RetailFunctions.Folders folders = new RetailFunctions.Folders(ws.root(), example.resolve("jobs").toAbsolutePath().normalize());
        String token = UUID.randomUUID().toString().replace("-", "");
        String password = UUID.randomUUID().toString().replace("-", "");
        DemoReceiver receiver = DemoReceiver.start(ws.partner().resolve("http"), token);
        DemoSftpServer sftp = DemoSftpServer.start(ws.partner().resolve("sftp"), DemoStack.SFTP_USER, password);
        ChaosRetail retail = new ChaosRetail(folders, schema, run, receiver, sftp);
        try {
            Files.createDirectories(sftp.root().resolve("inbound"));
            Files.createDirectories(folders.configs());
            for (int d = 0; d < days; d++) {
                LocalDate day = FIRST_DAY.plusDays(d);
                retail.written.put(day, new RetailData(seed + d, day, SIZE).write(ws.data()));
            }
            ws.writePipelines(example.resolve("pipelines"), receiver.url(), sftp.port());
            retail.adaptConfigs();
            ws.writeSecrets(Map.of(DemoStack.TOKEN_SECRET, token, DemoStack.PASSWORD_SECRET, password));
            ws.writeKnownHosts(sftp.knownHostsLine());
            ws.writeAllowedHosts(DemoWorkspace.allowedHosts(receiver.url(), sftp.port()));
            Path ddl = ws.root().resolve("warehouse.sql");
            Files.writeString(ddl, Files.readString(example.resolve("warehouse.sql"), StandardCharsets.UTF_8)
                    .replace("SCHEMA IF NOT EXISTS retail", "SCHEMA IF NOT EXISTS " + schema).replace("retail.", schema + "."));
            DemoStack.createWarehouse(pg, ddl);
            PipelineCatalog catalog = PipelineCatalog.load(folders.pipelines(), Set.copyOf(RetailFunctions.NAMES),
                    ClasspathPatternResources.patterns());
            for (String id : PIPELINES) {
                if (!(catalog.find(id) instanceof PipelineCatalog.Lookup.Found found)) {
                    throw new IllegalStateException("the retail example's pipeline " + id + " did not load: " + catalog.problems());
                }
                retail.definitions.put(id, found.pipeline().definition());
            }
            return retail;
        } catch (IOException | RuntimeException e) {
            retail.close();
            throw e;
        }
    }

    /** Only the drill's pipelines, their tables in the drill's schema, more attempts, no priority options. */
    private void adaptConfigs() throws IOException {
        try (Stream<Path> files = Files.list(folders.pipelines())) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                String id = name.substring(0, name.indexOf('.'));
                if (!name.endsWith(PipelineCatalog.CONFIG_SUFFIX) || !PIPELINES.contains(id)) {
                    Files.delete(file);
                    continue;
                }
                ObjectNode config = (ObjectNode) Json.parse(Files.readString(file, StandardCharsets.UTF_8));
                if (config.path("warehouse").has("table")) {
                    String table = config.path("warehouse").path("table").asText();
                    ((ObjectNode) config.get("warehouse")).put("table", schema + table.substring(table.indexOf('.')));
                }
                config.set("retry", Json.object().put("maxAttempts", ATTEMPTS).put("intervalSeconds", 1).put("backoffRate", 1.5));
                Files.writeString(file, Json.write(config), StandardCharsets.UTF_8);
            }
        }
    }

    RetailFunctions.Folders folders() {
        return folders;
    }

    List<LocalDate> dates() {
        return List.copyOf(written.keySet());
    }

    /** The tables the pipelines load, which the warehouse pause locks too. */
    List<String> tables() {
        return INGESTIONS.stream().map(p -> schema + "." + p).toList();
    }

    /** The execution name of every run of {@code day}: the date and the drill's run, so no earlier drill's rows match. */
    String name(LocalDate day) {
        return day + "-" + run;
    }

    /** Starts the three runs of {@code day}, ingestions first, through {@code starter}; returns their execution ids. */
    List<String> start(Orchestrator starter, LocalDate day) {
        List<String> ids = new ArrayList<>();
        for (String pipeline : PIPELINES) {
            ObjectNode input = Json.object().put("pipeline", pipeline).put("partition", day.toString());
            ids.add(ChaosDrill.retrying(() -> starter.start(pipeline, name(day), definitions.get(pipeline), input).execution().executionId()));
        }
        started.addAll(ids);
        return ids;
    }

    List<String> started() {
        return List.copyOf(started);
    }

    /** What the retail runs left in the ledgers; problems go to {@code problems}. */
    record Outcome(int finished, int doubledLoads, int doubledExports, int exported) {}

    Outcome check(ExecutionStore executions, DataSource pg, RedissonClient redis, String prefix, List<String> problems) {
        int finished = 0;
        PostgresStatusStore status = new PostgresStatusStore(pg);
        for (String id : started) {
            String state = executions.load(id).map(e -> e.summary().status()).orElse("not in the store");
            // The status table holds one row per execution (its key); write-status ran, last, with the run's outcome.
            Optional<RunState> row = status.get(id).map(StatusRecord::state);
            if (!state.equals("SUCCEEDED")) {
                problems.add(id + ": " + state + ", expected SUCCEEDED (a retail pipeline)");
            } else if (!row.equals(Optional.of(RunState.SUCCEEDED))) {
                problems.add(id + ": SUCCEEDED, but its status row is " + row.map(RunState::name).orElse("missing"));
            } else {
                finished++;
            }
        }
        int doubledLoads = 0;
        for (LocalDate day : written.keySet()) {
            for (String source : INGESTIONS) {
                // The ingestion pattern's batch: <pipeline>/<partition>, loaded once whichever run or attempt loads it.
                String batch = source + "/" + day;
                long[] loaded = loaded(pg, schema + "." + source, batch);
                long expected = written.get(day).rows(source);
                if (loaded[0] > expected || loaded[1] > 1) {
                    doubledLoads++;
                    problems.add("batch " + batch + ": " + loaded[0] + " rows in " + schema + "." + source + " and " + loaded[1]
                            + " load ledger rows; one load gives " + expected + " rows and one ledger row");
                } else if (loaded[0] != expected || loaded[1] != 1) {
                    problems.add("batch " + batch + ": " + loaded[0] + " rows and " + loaded[1] + " load ledger rows, expected "
                            + expected + " and 1");
                }
            }
        }
        RedisExportLedger ledger = new RedisExportLedger(redis, prefix);
        for (LocalDate day : written.keySet()) {
            String execution = Orchestrator.executionId(EXPORT, name(day));
            for (String target : TARGETS) {
                // The export pattern's batch: <execution id>/<target>, the idempotency key the partner sees.
                if (ledger.find(target, execution + "/" + target).isEmpty()) {
                    problems.add(execution + ": no export ledger row for target " + target);
                }
            }
        }
        long expectedExtracts = written.size();
        long http = receiver.received().size();
        long sftpFiles = sftp.files("inbound").size();
        int doubledExports = (int) (Math.max(0, http - expectedExtracts) + Math.max(0, sftpFiles - expectedExtracts));
        if (http != expectedExtracts) {
            problems.add("the partner's HTTP API holds " + http + " extracts, one per export run is " + expectedExtracts + ": "
                    + receiver.received().keySet());
        }
        if (sftpFiles != expectedExtracts) {
            problems.add("the partner's SFTP inbound holds " + sftpFiles + " files, one per export run is " + expectedExtracts + ": "
                    + sftp.files("inbound"));
        }
        return new Outcome(finished, doubledLoads, doubledExports, (int) (http + sftpFiles));
    }

    /** {rows in {@code table} of {@code batch}, rows of the load ledger for it}. */
    private static long[] loaded(DataSource pg, String table, String batch) {
        try (Connection c = pg.getConnection();
             PreparedStatement rows = c.prepareStatement("SELECT count(*) FROM " + table + " WHERE sluice_batch = ?");
             PreparedStatement ledger = c.prepareStatement("SELECT count(*) FROM sluice_load_ledger WHERE batch_id = ? AND table_name = ?")) {
            rows.setString(1, batch);
            ledger.setString(1, batch);
            ledger.setString(2, table);
            return new long[] {count(rows), count(ledger)};
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL: " + e.getMessage(), e);
        }
    }

    private static long count(PreparedStatement s) throws SQLException {
        try (ResultSet r = s.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    /** Removes the drill's status rows (the table is shared with whatever else uses this PostgreSQL). */
    void deleteStatusRows(DataSource pg) {
        try (Connection c = pg.getConnection(); PreparedStatement s = c.prepareStatement("DELETE FROM " + PostgresStatusStore.TABLE
                + " WHERE execution_id = ANY(?)")) {
            Array ids = c.createArrayOf("text", started.toArray());
            s.setArray(1, ids);
            s.executeUpdate();
        } catch (SQLException e) {
            // the table may not exist when no run got as far as writing its status
        }
    }

    @Override
    public void close() {
        receiver.close();
        sftp.close();
    }
}
