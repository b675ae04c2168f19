package io.sluice.parity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The retail example's warehouse tables on a PostgreSQL database: created from its {@code warehouse.sql} (as the demo
 * creates them), and read back as a table's loads. Used where the warehouse really is PostgreSQL: the local runtime's,
 * and the one the Redshift Data API stub runs its SQL on.
 */
public final class WarehouseTables {
    /** {@code schema.table}, lower-case identifiers: the only table names the suite puts into SQL. */
    public static final Pattern TABLE = Pattern.compile("[a-z_][a-z0-9_]*\\.[a-z_][a-z0-9_]*");

    private WarehouseTables() {}

    public static void create(DataSource database, Path warehouseSql) {
        try (Connection c = database.getConnection(); Statement s = c.createStatement()) {
            s.execute(Files.readString(warehouseSql));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the warehouse tables of " + warehouseSql + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The batches (distinct {@code sluice_batch}) and rows {@code table} holds. */
    public static ParityHost.Loads loads(DataSource database, String table) {
        if (!TABLE.matcher(table).matches()) {
            throw new IllegalArgumentException("table: expected schema.table in lower case, not '" + table + "'");
        }
        try (Connection c = database.getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("select count(distinct sluice_batch), count(*) from " + table)) {
            r.next();
            return new ParityHost.Loads(r.getLong(1), r.getLong(2));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + table + ": " + e.getMessage(), e);
        }
    }
}
