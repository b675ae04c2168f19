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
}
