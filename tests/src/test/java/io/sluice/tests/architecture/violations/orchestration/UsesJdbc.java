package io.sluice.tests.architecture.violations.orchestration;

import java.sql.Connection;
import java.sql.SQLException;

/** Bad: a database client inside the core. */
public class UsesJdbc {
    public void commit(Connection connection) throws SQLException {
        connection.commit();
    }
}
