package io.sluice.cli.demo;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.postgres.status.StatusTable;
import io.sluice.orchestration.port.StatusRecord;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** What the demo prints once its pipelines have ended: the status table, the warehouse, the exports, the alerts, what next. */
public final class DemoReport {
    private final PrintStream out;

    public DemoReport(PrintStream out) {
        this.out = out;
    }

    public void results(List<StatusRecord> status, DemoOutcome outcome) {
        out.println();
        out.println("Status table (sluice_status; ./sluice status prints it from any PostgreSQL the runtime used):");
        StatusTable.print(status, out, 0);
        out.println();
        out.println("Warehouse:");
        outcome.warehouseRows().forEach((table, rows) -> {
            Long expected = outcome.expectedRows().get(table);
            String note = expected != null && expected == 0 ? "its pipeline failed: nothing was loaded"
                    : String.format(Locale.ROOT, "the sample data has %,d", expected);
            out.printf(Locale.ROOT, "  %-18s %,9d rows  (%s)%n", table, rows, note);
        });
        out.println();
        out.println("Exports: " + outcome.exports().size() + " of " + outcome.targets() + " extracts delivered"
                + (outcome.exports().isEmpty() ? "" : ": " + String.join(", ", outcome.exports())));
        out.println("Alerts:  " + outcome.alerts().size() + " received by the webhook");
        for (JsonNode alert : outcome.alerts()) {
            out.println("  " + alert.path("severity").asText() + " " + DemoProgress.shorten(alert.path("title").asText(), 160));
            out.println("    " + DemoProgress.shorten(alert.path("detail").asText(), 300));
        }
    }

    /** Where to look next; {@code kept} is the demo's folder when it stays, else {@code null}; {@code serving} with --serve. */
    public void next(Path exampleDir, Path kept, boolean externalPg, boolean serving) {
        Path here = Path.of("").toAbsolutePath();
        Path example = exampleDir.startsWith(here) ? here.relativize(exampleDir) : exampleDir;
        out.println();
        out.println("Where to look next:");
        out.println("  " + example.resolve("README.md") + "  what the four pipelines do and how to run them yourself");
        out.println("  " + example.resolve("pipelines") + "/*.config.json  the configs; "
                + "./sluice render ingestion " + example.resolve("pipelines/orders.config.json") + " shows the state machine");
        out.println("  " + example.resolve("jobs") + "/*.sql  the DuckDB jobs (landing -> raw -> enriched, unload, extract)");
        if (kept != null) {
            out.println("  " + kept + "  the lake (data/), job logs (job-runs/), what the partner received (partner/), sluice.log");
        } else {
            out.println("  ./sluice demo --keep DIR  runs it again and keeps the lake, the job logs, the partner's files and the log in DIR");
        }
        if (!serving) {
            out.println("  ./sluice demo --serve  runs it again and leaves it up: the runs in the web console, the warehouse, the APIs");
        }
        if (externalPg) {
            out.println("  ./sluice status --partition <date>  the status table in $SLUICE_PG_URL, where retail.* stays too");
        }
    }
}
