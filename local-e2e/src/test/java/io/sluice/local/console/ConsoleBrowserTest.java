package io.sluice.local.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The web console in a real browser (Debian's chromium, driven by playwright-core from the console module's
 * node_modules) against the local runtime on a free port, with tenants: an operator key starts pipelines from the
 * page and watches them succeed, starts one with an input typed into the JSON editor (which refuses what is not a JSON
 * object) and again with "new execution with this input", reads a JSON cause pulled up and pretty (and expands it in the
 * history), sees the graph's states coloured by what happened (retried, caught, not reached),
 * redrives a failed run from its page and several from the list (kept live by server-sent events, filtered by exact
 * partition), pages and sorts the list on the server with each run's partition shown, reads a history as a timeline of
 * states and an event table filtered by kind and state with each event's payload, follows a distributed Map's run to its
 * own view with its children counted by status and listed under it (not among the executions), answers a waiting callback, sees the object rules and redrives a dead letter from the page; a reader key of
 * the same tenant sees the same pipelines and no action; no key sees nothing of another tenant; and the pages make
 * no request to any other origin. The script is {@code console/e2e/console-e2e.mjs}; it writes screenshots of the
 * main pages to {@code target/console-screenshots} (copies in {@code docs/console}, see docs/console.md).
 */
class ConsoleBrowserTest extends ConsoleAppTest {

    @Test
    void theConsoleWorksInABrowserForAnOperatorAndShowsAReaderNoAction() throws Exception {
        statusRows("2026-11-29");
        jobLog();
        deadLetter("breaks:dlq-plain", "{\"type\":\"timer\",\"executionId\":\"breaks:dlq-plain\",\"timerId\":\"t1\"}");
        deadLetter("breaks:dlq-masked", "{\"type\":\"timer\",\"executionId\":\"breaks:dlq-masked\",\"password\":\"hunter2\"}");
        ConsoleScript.Result result = ConsoleScript.run("console-e2e.mjs", Map.of(
                "CONSOLE_URL", "http://127.0.0.1:" + port + "/console/",
                "OPERATOR_KEY", OPERATOR, "READER_KEY", READER, "OTHER_KEY", OTHER,
                "SCREENSHOTS", Path.of("target/console-screenshots").toAbsolutePath().toString()));
        assertThat(result.exitCode()).as("the browser script's exit code; its output:%n%s", result.output()).isZero();
        assertThat(result.checks()).as(result.output()).containsAll(Set.of(
                "key asked", "pipelines listed", "dag drawn", "pattern upstream edges", "schedule next fires", "problems shown",
                "started from page", "succeeded", "last day shown", "input editor validates", "start with input", "new execution with this input",
                "readable errors", "history causes expand", "re-run where a redrive cannot succeed", "search by name", "colours", "state detail", "failed shown", "redriven from page",
                "bulk redrive", "filters", "live by events", "object rules shown", "callback answered", "status table",
                "dead letters listed", "dead letter redriven", "reader sees no action", "other tenant hidden",
                "timeline of states", "history filters", "event payloads", "paging", "sort and partition column", "map run view",
                "graph scrolls to the current state", "status table says which pipelines write rows",
                "iteration picker", "job log a link",
                "same origin only"));
        for (String shot : new String[] {"pipelines.png", "executions.png", "execution.png", "execution-failed.png", "status.png", "dead-letters.png",
            "history.png", "map-runs.png"}) {
            assertThat(Path.of("target/console-screenshots", shot)).isNotEmptyFile();
        }
    }
}
