package io.sluice.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
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
    void aValueIsFilledForWhereItsPlaceholderStands() {
        Map<String, String> v = Map.of("p", "it's \\'; x", "n", "1); DROP TABLE t; --", "c", "a\"b");
        assertThat(SqlScript.fill("-- for ${p}\nSELECT '${p}', ${n}, \"${c}\", E'${p}' /* ${n} */", v))
                .isEqualTo("-- for ${p}\nSELECT 'it''s \\''; x', '1); DROP TABLE t; --', \"a\"\"b\", E'it''s \\\\''; x' /* ${n} */");
        assertThat(SqlScript.fill("SELECT 'cost: $5', '${nothing', $1", Map.of())).isEqualTo("SELECT 'cost: $5', '${nothing', $1");
    }

    @Test
    void valuesThatCouldChangeTheScriptAreRefused() {
        assertThatThrownBy(() -> SqlScript.fill("-- ${p}\nSELECT 1", Map.of("p", "x\nDROP TABLE t")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'p' has a control character (U+000A at position 1)");
        assertThatThrownBy(() -> SqlScript.fill("SELECT '${p}'", Map.of("p", "raw/../b")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'..' path segment");
        assertThatThrownBy(() -> SqlScript.fill("SELECT $$${p}$$", Map.of("p", "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dollar-quoted");
        assertThatThrownBy(() -> SqlScript.fill("SELECT $q$ ${p} $q$", Map.of("p", "x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("$q$");
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
