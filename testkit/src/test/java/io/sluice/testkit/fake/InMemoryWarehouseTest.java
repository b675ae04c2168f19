package io.sluice.testkit.fake;

import io.sluice.orchestration.port.Warehouse;
import io.sluice.testkit.contract.WarehouseContract;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;

/** The in-memory fake passes the same contract as the real adapters, so fast tests can trust it. */
class InMemoryWarehouseTest extends WarehouseContract {
    private final InMemoryObjectStore objects = new InMemoryObjectStore();
    private final InMemoryWarehouse warehouse = new InMemoryWarehouse(objects::get);

    @Override
    protected Warehouse createWarehouse() {
        return warehouse;
    }

    @Override
    protected void createTable(String table, List<String> columns, List<String> required) {
        List<String> all = new ArrayList<>(columns);
        all.addAll(required);
        warehouse.createTable(table, all, new HashSet<>(required));
    }

    @Override
    protected String putSource(String content) {
        String key = "batches/" + UUID.randomUUID() + ".csv";
        objects.put(key, content.getBytes(StandardCharsets.UTF_8));
        return key;
    }

    @Override
    protected String absentSource() {
        return "batches/absent.csv";
    }

    @Override
    protected List<StoredRow> rows(String table) {
        return warehouse.rows(table).stream().map(r -> new StoredRow(r.batch(), r.values())).toList();
    }
}
