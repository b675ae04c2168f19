package io.sluice.testkit.fake;

import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.port.LoadResult.Reason;
import io.sluice.orchestration.port.Warehouse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A warehouse in memory, for fast tests; it passes the same contract suite as the real ones. Tables
 * hold text values; each row's batch is kept beside it, as the real adapters keep it in a batch column.
 */
public final class InMemoryWarehouse implements Warehouse {

    /** A stored row: its batch and its values by column ({@code null} for NULL). */
    public record Row(String batch, Map<String, String> values) {}

    private record Table(List<String> columns, Set<String> required, List<Row> rows) {}

    private final Function<String, Optional<byte[]>> sources;
    private final Map<String, Table> tables = new HashMap<>();
    /** By table and batch: the load that wrote the batch and its row count. */
    private final Map<String, Map.Entry<String, Long>> ledger = new HashMap<>();

    /** @param sources the bytes at a source location, such as {@code InMemoryObjectStore::get} */
    public InMemoryWarehouse(Function<String, Optional<byte[]>> sources) {
        this.sources = sources;
    }

    /** Creates a table whose {@code required} columns may not be left out of a batch. */
    public synchronized void createTable(String table, List<String> columns, Set<String> required) {
        tables.put(table, new Table(List.copyOf(columns), Set.copyOf(required), new ArrayList<>()));
    }

    public synchronized List<Row> rows(String table) {
        return List.copyOf(tables.get(table).rows());
    }

    @Override
    public synchronized LoadResult load(LoadRequest request, Instant now) {
        Table table = tables.get(request.table());
        if (table == null) {
            return new LoadResult.Rejected(Reason.TABLE_NOT_FOUND, "there is no table " + request.table() + ".");
        }
        String key = request.table() + "\n" + request.batchId();
        Map.Entry<String, Long> recorded = ledger.get(key);
        if (recorded != null && recorded.getKey().equals(request.loadId())) {
            return new LoadResult.Loaded(recorded.getValue(), true);
        }
        if (!request.format().equalsIgnoreCase("csv")) {
            return new LoadResult.Rejected(Reason.UNSUPPORTED_FORMAT, "format '" + request.format() + "' is not supported; use csv.");
        }
        Optional<byte[]> bytes = sources.apply(request.source());
        if (bytes.isEmpty()) {
            return new LoadResult.Rejected(Reason.SOURCE_NOT_FOUND, "there is nothing at " + request.source() + ".");
        }
        List<List<String>> records;
        try {
            records = new ArrayList<>(CsvRows.parse(new String(bytes.get(), StandardCharsets.UTF_8)));
        } catch (IllegalArgumentException e) {
            return new LoadResult.Rejected(Reason.BAD_DATA, "the file is not valid CSV: " + e.getMessage() + ".");
        }
        return load(request, table, records, key);
    }

    private LoadResult load(LoadRequest request, Table table, List<List<String>> records, String key) {
        List<String> declared = request.columns();
        List<String> header = request.header() && !records.isEmpty() ? records.removeFirst() : null;
        if (request.header() && header == null) {
            return new LoadResult.Rejected(Reason.BAD_DATA, "the file has no header line.");
        }
        if (header != null && !declared.isEmpty() && !header.equals(declared)) {
            return new LoadResult.Rejected(Reason.BAD_DATA, "the file's header " + header + " differs from the declared columns " + declared + ".");
        }
        List<String> columns = declared.isEmpty() ? header : declared;
        if (columns.stream().anyMatch(Objects::isNull) || new HashSet<>(columns).size() != columns.size()) {
            return new LoadResult.Rejected(Reason.BAD_DATA, "the columns " + columns + " are not distinct names.");
        }
        List<String> missing = table.required().stream().filter(c -> !columns.contains(c)).sorted().toList();
        List<String> extra = columns.stream().filter(c -> !table.columns().contains(c)).toList();
        if (!missing.isEmpty() || !extra.isEmpty()) {
            return new LoadResult.SchemaMismatch(missing, extra);
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            List<String> record = records.get(i);
            if (record.size() != columns.size()) {
                return new LoadResult.Rejected(Reason.BAD_DATA, "record " + (i + 1) + " has " + record.size()
                        + " fields, not " + columns.size() + ".");
            }
            Map<String, String> values = new LinkedHashMap<>();
            table.columns().forEach(c -> values.put(c, null));
            for (int c = 0; c < columns.size(); c++) {
                values.put(columns.get(c), record.get(c));
            }
            rows.add(new Row(request.batchId(), values));
        }
        table.rows().removeIf(r -> r.batch().equals(request.batchId()));
        table.rows().addAll(rows);
        ledger.put(key, Map.entry(request.loadId(), (long) rows.size()));
        return new LoadResult.Loaded(rows.size(), false);
    }
}
