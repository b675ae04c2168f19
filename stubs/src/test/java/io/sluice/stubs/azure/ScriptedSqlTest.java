package io.sluice.stubs.azure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link ScriptedSql#as}: a session interface over the script, as the Azure adapter's {@code SqlSession} is made. */
class ScriptedSqlTest {

    /** The shape of the Azure adapter's {@code SqlSession}, which this module cannot name. */
    interface Session extends AutoCloseable {
        List<Map<String, Object>> query(String sql, List<?> parameters) throws SQLException;

        long update(String sql, List<?> parameters) throws SQLException;

        void begin() throws SQLException;

        void commit() throws SQLException;

        @Override
        void close() throws SQLException;
    }

    interface Unknown {
        void vacuum();
    }

    @Test
    void aSessionCallsTheScriptAndItsErrorsArriveAsThemselves() throws Exception {
        SQLException deadlock = new SQLException("Transaction was deadlocked", "40001", 1205);
        ScriptedSql sql = new ScriptedSql().on("SELECT", p -> List.of(Map.of("n", p.get(0)))).on("DELETE", p -> deadlock);
        Session session = sql.as(Session.class);

        session.begin();
        assertThat(session.query("SELECT n", List.of(7))).containsExactly(Map.of("n", 7));
        assertThatThrownBy(() -> session.update("DELETE FROM t", List.of())).isSameAs(deadlock);
        session.commit();
        session.close();

        assertThat(sql.recorded()).extracting(ScriptedSql.Statement::inTransaction).containsExactly(true, true);
        assertThat(sql.transactions()).containsExactly("begin", "commit", "close");
        assertThat(session).isEqualTo(session).isNotEqualTo(sql.as(Session.class));
        assertThat(session.toString()).isEqualTo("ScriptedSql as Session");
    }

    @Test
    void anInterfaceWithAMethodTheScriptLacksIsRefusedByName() {
        assertThatThrownBy(() -> new ScriptedSql().as(Unknown.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Unknown.vacuum");
        assertThatThrownBy(() -> new ScriptedSql().as(String.class)).hasMessageContaining("expected an interface");
    }
}
