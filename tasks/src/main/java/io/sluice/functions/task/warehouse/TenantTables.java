package io.sluice.functions.task.warehouse;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.task.config.PipelineConfigs;
import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.port.ConfigStore;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Which tables a tenant's run may load. The warehouse is shared by every tenant, and a table's name is the whole of
 * where a load writes, so a tenant's run loads only into a table its own pipeline's config names — a
 * {@code "warehouse": {"table": ...}} object anywhere in the config (as every pattern's config holds it), or one of its
 * {@code "warehouse": {"tables": [...]}} — never one its payload makes up. The configs are the platform's files, so a
 * tenant cannot name another tenant's table there. The platform's own runs load what they name.
 */
final class TenantTables {
    private final ConfigStore configs;

    TenantTables(ConfigStore configs) {
        this.configs = configs;
    }

    /** Refuses, with {@code Warehouse.InvalidRequest} naming why, a load into {@code table} that {@code owner} may not make. */
    void check(Owner owner, String pipeline, String table) {
        if (!(owner instanceof Owner.Tenant tenant)) {
            return;
        }
        JsonNode config = pipeline == null ? null : PipelineConfigs.read(configs, pipeline).orElse(null);
        if (config == null || !names(config, table)) {
            throw new TaskError(CopyToWarehouse.INVALID_REQUEST, "copy-to-warehouse: a run of tenant '" + tenant.name()
                    + "' loads only into the tables its pipeline's config names (\"warehouse\": {\"table\": ...}); the config of '"
                    + pipeline + "' names no table '" + table + "'.", false);
        }
    }

    private static boolean names(JsonNode config, String table) {
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(config);
        while (!todo.isEmpty()) {
            JsonNode node = todo.pop();
            JsonNode warehouse = node.path("warehouse");
            if (table.equals(warehouse.path("table").asText(null))) {
                return true;
            }
            for (JsonNode listed : warehouse.path("tables")) {
                if (table.equals(listed.asText(null))) {
                    return true;
                }
            }
            if (node.isContainerNode()) {
                node.forEach(todo::push);
            }
        }
        return false;
    }
}
