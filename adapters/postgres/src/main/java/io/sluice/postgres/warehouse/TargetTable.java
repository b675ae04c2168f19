package io.sluice.postgres.warehouse;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A target table as the catalog describes it: its schema-qualified name, and which columns a batch
 * must provide (NOT NULL without a default, not an identity or generated column).
 */
record TargetTable(String schema, String name, List<String> columns, List<String> required) {

    /** The key of the table in the load ledger: {@code schema.table}, whatever way the request spelled it. */
    String key() {
        return schema + "." + name;
    }

    String quoted() {
        return quote(schema) + "." + quote(name);
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    /** The table {@code spelled} ({@code table} or {@code schema.table}, as stored in the catalog) names, if it exists. */
    static Optional<TargetTable> find(Connection c, String spelled, String batchColumn) throws SQLException {
        int dot = spelled.indexOf('.');
        String schema = dot < 0 ? null : spelled.substring(0, dot);
        String table = dot < 0 ? spelled : spelled.substring(dot + 1);
        String sql = """
                select table_schema, column_name, is_nullable = 'NO' and column_default is null
                       and is_identity = 'NO' and is_generated = 'NEVER' as required
                from information_schema.columns
                where table_schema = coalesce(?, current_schema()) and table_name = ?
                order by ordinal_position""";
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, schema);
            s.setString(2, table);
            List<String> columns = new ArrayList<>();
            List<String> required = new ArrayList<>();
            String found = null;
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    found = rs.getString(1);
                    columns.add(rs.getString(2));
                    if (rs.getBoolean(3) && !rs.getString(2).equals(batchColumn)) {
                        required.add(rs.getString(2));
                    }
                }
            }
            return found == null ? Optional.empty() : Optional.of(new TargetTable(found, table, columns, required));
        }
    }

    /** Required columns the batch lacks, sorted. */
    List<String> missing(List<String> batchColumns) {
        return required.stream().filter(c -> !batchColumns.contains(c)).sorted().toList();
    }

    /** Batch columns, and the batch column, that the table lacks, in the batch's order. */
    List<String> extra(List<String> batchColumns, String batchColumn) {
        List<String> extra = new ArrayList<>(batchColumns.stream().filter(c -> !columns.contains(c)).toList());
        if (!columns.contains(batchColumn)) {
            extra.add(batchColumn);
        }
        return extra;
    }
}
