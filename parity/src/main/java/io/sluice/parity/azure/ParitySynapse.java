package io.sluice.parity.azure;

import com.azure.storage.blob.BlobContainerClient;
import io.sluice.azure.synapse.BatchFiles;
import io.sluice.azure.synapse.SqlSession;
import io.sluice.azure.synapse.SynapseWarehouse;
import io.sluice.parity.ParityHost;
import io.sluice.stubs.azure.ScriptedSql;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Azure host's Synapse: the real {@link SynapseWarehouse} (its statements, its transaction, its load ledger) over the
 * stubs module's {@link ScriptedSql}, since no dedicated SQL pool runs here. The script answers as a pool holding the
 * example's tables ({@code warehouse.sql}) would, and no more: {@code sys.columns} from those tables, {@code COPY INTO}
 * with the data lines of the batch file in Blob storage, the table's {@code INSERT ... SELECT} with what that stage
 * received, and the load ledger from the rows the warehouse wrote to it. No SQL is run: what this shows is that the
 * statements are sent once per batch and what they would load, not that Synapse accepts them.
 */
final class ParitySynapse {
    private static final Pattern CREATE = Pattern.compile("CREATE TABLE (\\w+)\\.(\\w+) \\((.*?)\\);", Pattern.DOTALL);
    private static final Pattern COLUMN = Pattern.compile("^\\s*(\\w+)\\s+(.*?),?\\s*$");
    private static final Pattern COPY = Pattern.compile("^COPY INTO (\\S+) \\(.*?\\) FROM '([^']*)'.*FIRSTROW = (\\d+)", Pattern.DOTALL);

    private record Ledger(String table, String batch, long rows) {}

    private final ScriptedSql sql = new ScriptedSql();
    private final Map<String, List<Map<String, Object>>> columns = new LinkedHashMap<>();
    private final Map<String, Long> staged = new ConcurrentHashMap<>();
    private final Map<String, Ledger> ledger = new ConcurrentHashMap<>();
    private final BlobContainerClient container;
    private final SynapseWarehouse warehouse;

    ParitySynapse(Path warehouseSql, BlobContainerClient container) {
        this.container = container;
        if (warehouseSql != null) {
            readTables(warehouseSql);
        }
        sql.on("FROM sys.columns", p -> columns.getOrDefault(p.get(0) + "." + p.get(1), List.of()))
                .on("SELECT TOP 1 row_count", p -> {
                    Ledger l = ledger.get(p.get(0) + "\u0000" + p.get(1) + "\u0000" + p.get(2));
                    return l == null ? List.of() : List.of(Map.<String, Object>of("row_count", l.rows()));
                })
                .on("INSERT INTO [dbo].[sluice_load_ledger]", p -> {
                    ledger.put(p.get(0) + "\u0000" + p.get(1) + "\u0000" + p.get(2), new Ledger((String) p.get(0), (String) p.get(1),
                            ((Number) p.get(3)).longValue()));
                    return 1L;
                })
                .on("sluice_load_ledger", p -> 0L)
                .on("sluice_load_lock", p -> 1L)
                .onStatement("COPY INTO", (text, p) -> copy(text))
                .onStatement("INSERT INTO", (text, p) -> staged.getOrDefault(text.substring(text.lastIndexOf(" FROM ") + 6).strip(), 0L));
        warehouse = new SynapseWarehouse(() -> sql.as(SqlSession.class), BatchFiles.blobs(container), "dbo", "IDENTITY = 'Managed Identity'");
    }

    SynapseWarehouse warehouse() {
        return warehouse;
    }

    /** The batches and rows the ledger says were loaded into {@code table}. */
    ParityHost.Loads loads(String table) {
        List<Ledger> of = ledger.values().stream().filter(l -> l.table().equals(table)).toList();
        return new ParityHost.Loads(of.stream().map(Ledger::batch).distinct().count(), of.stream().mapToLong(Ledger::rows).sum());
    }

    private long copy(String text) {
        Matcher m = COPY.matcher(text);
        if (!m.find()) {
            throw new IllegalStateException("the Synapse script cannot read this COPY INTO: " + text);
        }
        String url = m.group(2);
        String marker = "/" + container.getBlobContainerName() + "/";
        String name = URLDecoder.decode(url.substring(url.indexOf(marker) + marker.length()), StandardCharsets.UTF_8);
        long lines = container.getBlobClient(name).downloadContent().toString().lines().filter(l -> !l.isBlank()).count();
        long rows = lines - (Integer.parseInt(m.group(3)) - 1);
        staged.put(m.group(1), rows);
        return rows;
    }

    private void readTables(Path warehouseSql) {
        String text;
        try {
            text = Files.readString(warehouseSql).replaceAll("(?m)--.*$", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Matcher m = CREATE.matcher(text);
        while (m.find()) {
            List<Map<String, Object>> list = new ArrayList<>();
            for (String line : m.group(3).split("\n")) {
                Matcher c = COLUMN.matcher(line);
                if (c.matches()) {
                    list.add(Map.of("name", c.group(1), "required", c.group(2).toUpperCase().contains("NOT NULL") ? 1 : 0));
                }
            }
            columns.put(m.group(1) + "." + m.group(2), List.copyOf(list));
        }
    }
}
