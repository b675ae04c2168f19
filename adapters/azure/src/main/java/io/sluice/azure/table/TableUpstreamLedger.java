package io.sluice.azure.table;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.orchestration.port.UpstreamLedger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * The upstream ledger on Table storage: one entity per (dependent, partition) holding the set of upstreams
 * recorded so far (a JSON array) and the latest {@code keepUntil}. Recording reads it and replaces it only if
 * its ETag is unchanged (or inserts it only if absent), retrying a lost race; so recordings of one pair
 * serialise, each one's answer is the set as it made it, and of N different upstreams at once exactly one
 * sees all N. An upstream already in the set writes nothing.
 *
 * <p>Table storage has no expiry: {@code keepUntil} is stored (as {@code keepUntil}, a DateTime) for a
 * clean-up job or a query to act on, and old entities stay until then. They hold a few names each.
 */
public final class TableUpstreamLedger implements UpstreamLedger {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<TreeSet<String>> NAMES = new TypeReference<>() {};
    private static final int MAX_ATTEMPTS = 100;

    private final TableClient table;

    public TableUpstreamLedger(TableServiceClient service, String tableName) {
        this.table = Tables.ensure(service, tableName);
    }

    @Override
    public Set<String> succeeded(String dependent, String partition, String upstream, Instant keepUntil) {
        String pk = TableKeys.join(dependent, partition);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            TableEntity read = Tables.find(table, pk, "");
            TreeSet<String> upstreams = read == null ? new TreeSet<>() : names((String) read.getProperty("upstreams"));
            if (!upstreams.add(upstream)) {
                return Collections.unmodifiableSet(upstreams);
            }
            Instant keep = read == null ? keepUntil : later(keepUntil, (java.time.OffsetDateTime) read.getProperty("keepUntil"));
            TableEntity next = new TableEntity(pk, "")
                    .addProperty("dependent", dependent)
                    .addProperty("partition", partition)
                    .addProperty("upstreams", json(upstreams))
                    .addProperty("keepUntil", keep.atOffset(java.time.ZoneOffset.UTC));
            try {
                if (read == null) {
                    table.createEntity(next);
                } else {
                    table.updateEntityWithResponse(Tables.conditional(next, read), TableEntityUpdateMode.REPLACE, true, null, Context.NONE);
                }
                return Collections.unmodifiableSet(upstreams);
            } catch (TableServiceException e) {
                if (Tables.status(e) != 409 && Tables.status(e) != 412) {
                    throw e;
                }
            }
        }
        throw new IllegalStateException("the upstream ledger of " + dependent + " / " + partition + " changed under "
                + MAX_ATTEMPTS + " attempts to record " + upstream + "; the completion event will be redelivered");
    }

    private static Instant later(Instant a, java.time.OffsetDateTime b) {
        return b == null || a.isAfter(b.toInstant()) ? a : b.toInstant();
    }

    private static TreeSet<String> names(String json) {
        try {
            return JSON.readValue(json, NAMES);
        } catch (IOException e) {
            throw new UncheckedIOException("the upstream ledger holds something that is not a JSON array of names", e);
        }
    }

    private static String json(Set<String> names) {
        try {
            return JSON.writeValueAsString(names);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return "TableUpstreamLedger[" + table.getTableName() + "]";
    }
}
