package io.sluice.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetailDataTest {
    static final LocalDate DAY = LocalDate.of(2026, 11, 29);

    @TempDir
    Path dir;

    @Test
    void theSameSeedWritesTheSameFilesWithTheRowsItSays() throws Exception {
        RetailData.Size size = new RetailData.Size(300, 40, 30);
        RetailData.Written first = new RetailData(7, DAY, size).write(dir.resolve("a"));
        RetailData.Written again = new RetailData(7, DAY, size).write(dir.resolve("b"));
        assertThat(again).isEqualTo(first);
        for (String source : RetailData.SOURCES) {
            String key = "drop/" + source + "/2026-11-29.csv";
            assertThat(Files.readString(dir.resolve("b").resolve(key))).isEqualTo(Files.readString(dir.resolve("a").resolve(key)));
            assertThat(Files.readAllLines(dir.resolve("a").resolve(key))).hasSize((int) first.rows(source) + 1);
        }
        assertThat(new RetailData(8, DAY, size).write(dir.resolve("c")).bytes()).isNotEqualTo(first.bytes());
    }

    @Test
    void everyLineHasItsColumnsButOneReturnHasAFieldTooMany() throws Exception {
        RetailData.Written w = new RetailData(7, DAY, new RetailData.Size(300, 40, 30)).write(dir);
        List<String> returns = Files.readAllLines(dir.resolve("drop/returns/2026-11-29.csv"));
        for (int line = 1; line <= returns.size(); line++) {
            int fields = returns.get(line - 1).split(",", -1).length;
            assertThat(fields).as("line %d: %s", line, returns.get(line - 1)).isEqualTo(line == w.badReturnsLine() ? 6 : 5);
        }
        assertThat(Files.readAllLines(dir.resolve("drop/orders/2026-11-29.csv"))).allSatisfy(l -> assertThat(l.split(",")).hasSize(8));
        assertThat(Files.readAllLines(dir.resolve("drop/orders/2026-11-29.csv")).get(1)).startsWith("O-00000001,C-").contains("2026-11-29T");
    }

    @Test
    void theDemosDataIsAFewMegabytes() {
        RetailData.Written w = new RetailData(20261129L, DAY, RetailData.Size.DEMO).write(dir);
        assertThat(w.bytes()).isBetween(2_000_000L, 6_000_000L);
    }
}
