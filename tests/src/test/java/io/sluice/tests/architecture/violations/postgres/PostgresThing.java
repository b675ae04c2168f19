package io.sluice.tests.architecture.violations.postgres;

import io.sluice.tests.architecture.violations.local.LocalThing;

/** A shared adapter (PostgreSQL, DuckDB, transfer) that reaches into the local host: must be reported. */
public class PostgresThing {
    LocalThing host = new LocalThing();
}
