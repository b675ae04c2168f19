package io.sluice.local.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SqlScriptTest {
    @Test
    void splitsOnSemicolonsOutsideQuotesAndComments() {
        String sql = """
                -- a comment; with a semicolon
                SELECT 'a;b' AS x;  /* block; comment */
                SELECT "odd;name" FROM t; SELECT 'it''s;';
                -- trailing comment only
                """;
        assertThat(SqlScript.split(sql)).containsExactly(
                "-- a comment; with a semicolon\nSELECT 'a;b' AS x",
                "/* block; comment */\nSELECT \"odd;name\" FROM t",
                "SELECT 'it''s;'");
    }

    @Test
    void findsTheFileACopyWrites() {
        assertThat(SqlScript.copyTarget("COPY (SELECT 'TO ''x''' AS a) TO '/lake/raw/it''s.parquet' (FORMAT parquet)"))
                .hasValue("/lake/raw/it's.parquet");
        assertThat(SqlScript.copyTarget("-- no\nSELECT 1 TO 'x'")).isEmpty();
        assertThat(SqlScript.copyTarget("copy t to '/lake/t.csv'")).hasValue("/lake/t.csv");
        assertThat(SqlScript.copyTarget("-- landing\n/* checked */ COPY t TO '/lake/t.csv'")).hasValue("/lake/t.csv");
    }

    @Test
    void aDuckDbMessageIsCutToWhatFailedAndWhere() {
        String message = """
                Invalid Input Error: CSV Error on Line: 1338
                Original Line: R-001337,O-9,2,wrong size,gift box
                Expected Number of Columns: 5 Found: 6
                Possible fixes:
                * Disable the parser's strict mode (strict_mode=false)
                """;
        assertThat(DuckDbRun.summary(message)).isEqualTo("Invalid Input Error: CSV Error on Line: 1338; Original Line: R-001337,O-9,2,"
                + "wrong size,gift box; Expected Number of Columns: 5 Found: 6");
        assertThat(DuckDbRun.summary("Binder Error: no column x\n\nLINE 1: SELECT x")).isEqualTo("Binder Error: no column x");
    }
}
