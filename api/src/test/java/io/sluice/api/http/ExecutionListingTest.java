package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.page.ExecutionScan;
import io.sluice.api.port.ReadOnlyExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.api.tenant.Role;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /v1/executions} paged by the store's cursor over more executions than the old 20,000-row window: every
 * filter holds on every page, no execution twice or missing, a filter the store cannot index answers within its budget
 * (with a token to go on), and a token of another listing or an edited one is refused naming {@code nextToken}. The
 * store is {@link ReadOnlyExecutionControl#paged}, the port's order over a list (the stores' own paging is checked on
 * Redis by the ExecutionStore contract).
 */
class ExecutionListingTest {
    private static final Instant T0 = Instant.parse("2026-11-01T00:00:00Z");
    private static final String RUN = "0f0e0d0c-0b0a-4909-8807-060504030201";

    private final List<ExecutionSummary> all = new ArrayList<>();
    private final ExecutionListing listing = new ExecutionListing(new ReadOnlyExecutionControl() {
        @Override
        protected List<ExecutionSummary> listed() {
            return all;
        }

        @Override
        public Optional<ExecutionSummary> summary(String executionId) {
            throw new UnsupportedOperationException("a list reads no execution");
        }

        @Override
        public Optional<List<com.fasterxml.jackson.databind.JsonNode>> history(String executionId, int from, int limit) {
            throw new UnsupportedOperationException();
        }
    });

    private void add(String pipeline, String name, String status, Instant start, String partition) {
        all.add(new ExecutionSummary(pipeline + ":" + name, pipeline, name, status, "sha256:x", start,
                status.equals("RUNNING") ? null : start.plusSeconds(1), partition));
    }

    /** Every page of {@code query}, following the tokens. */
    private List<ExecutionSummary> everyPage(Caller caller, Map<String, String> query) {
        List<ExecutionSummary> rows = new ArrayList<>();
        Map<String, String> params = new HashMap<>(query);
        for (int pages = 0; pages < 10_000; pages++) {
            ExecutionListing.Page page = listing.page(caller, ExecutionQuery.parse(params));
            assertThat(page.rows()).hasSizeLessThanOrEqualTo(Integer.parseInt(query.getOrDefault("limit", "100")));
            rows.addAll(page.rows());
            if (page.nextToken() == null) {
                return rows;
            }
            params.put("nextToken", page.nextToken());
        }
        throw new AssertionError("no last page");
    }

    private List<ExecutionSummary> expected(Predicate<ExecutionSummary> keep) {
        return all.stream().filter(keep).sorted(ExecutionCursor.ORDER).toList();
    }

    @Test
    void pagesGoPastTwentyThousandWithEveryFilterOnEveryPage() {
        for (int i = 0; i < 25_000; i++) { // ten a millisecond, so pages end inside a millisecond
            String partition = i % 1000 == 7 ? "rare" : "2026-11-" + (10 + i % 3);
            add(i % 2 == 0 ? "orders" : "billing", "e" + i, i % 5 == 0 ? "FAILED" : "SUCCEEDED", T0.plusMillis(i / 10), partition);
        }
        Caller local = new Caller.Local();
        assertThat(everyPage(local, Map.of("limit", "1000"))).containsExactlyElementsOf(expected(s -> true));
        assertThat(everyPage(local, Map.of("pipeline", "orders", "status", "FAILED", "limit", "333")))
                .containsExactlyElementsOf(expected(s -> s.pipeline().equals("orders") && s.status().equals("FAILED")));
        assertThat(everyPage(local, Map.of("partition", "2026-11-11", "limit", "1000")))
                .containsExactlyElementsOf(expected(s -> "2026-11-11".equals(s.partition())));
        Instant since = T0.plusMillis(300);
        Instant until = T0.plusMillis(2000);
        assertThat(everyPage(local, Map.of("since", since.toString(), "until", until.toString(), "limit", "77")))
                .containsExactlyElementsOf(expected(s -> !s.startTime().isBefore(since) && s.startTime().isBefore(until)));
        Caller tenant = new Caller.TenantKey("t", "k", Role.READER, Set.of("orders", "billing"));
        assertThat(everyPage(tenant, Map.of("limit", "1000"))).as("a tenant's pipelines merged page by page")
                .containsExactlyElementsOf(expected(s -> true));
    }

    @Test
    void aRareFilterAnswersWithinItsBudgetAndGoesOnByToken() {
        for (int i = 0; i < 3 * ExecutionScan.BUDGET; i++) {
            add("orders", "e" + i, "SUCCEEDED", T0.plusMillis(i), i == 5 || i == 25_000 ? "rare" : null);
        }
        Map<String, String> query = Map.of("partition", "rare", "limit", "10");
        ExecutionListing.Page first = listing.page(new Caller.Local(), ExecutionQuery.parse(query));
        assertThat(first.rows()).extracting(ExecutionSummary::name).containsExactly("e25000");
        assertThat(first.nextToken()).as("more may follow past the budget").isNotNull();
        assertThat(everyPage(new Caller.Local(), query)).extracting(ExecutionSummary::name).containsExactly("e25000", "e5");
    }

    @Test
    void mapRunChildrenAreListedUnderTheirRunOnlyAcrossPages() {
        for (int i = 0; i < 50; i++) {
            add("fan", "p" + i, "SUCCEEDED", T0.plusMillis(i), null);
            add("fan", RUN + ":" + i, "SUCCEEDED", T0.plusMillis(i), null);
        }
        Caller local = new Caller.Local();
        assertThat(everyPage(local, Map.of("pipeline", "fan", "limit", "7"))).hasSize(50)
                .allSatisfy(s -> assertThat(s.name()).startsWith("p"));
        assertThat(everyPage(local, Map.of("pipeline", "fan", "mapRun", RUN, "limit", "7"))).hasSize(50)
                .allSatisfy(s -> assertThat(s.name()).startsWith(RUN));
        assertThat(everyPage(local, Map.of("pipeline", "fan", "children", "true", "limit", "7"))).hasSize(100);
    }

    @Test
    void aTokenOfAnotherListingOrAnEditedOneIsRefusedNamingIt() {
        for (int i = 0; i < 5; i++) {
            add("orders", "e" + i, "SUCCEEDED", T0.plusMillis(i), null);
        }
        String token = listing.page(new Caller.Local(), ExecutionQuery.parse(Map.of("limit", "2"))).nextToken();
        assertThat(token).isNotNull();
        String edited = token.substring(0, token.length() - 2) + (token.endsWith("A") ? "B" : "A") + token.charAt(token.length() - 1);
        for (Map<String, String> bad : List.of(Map.of("limit", "2", "status", "FAILED", "nextToken", token),
                Map.of("limit", "2", "sort", "name", "nextToken", token), Map.of("limit", "2", "nextToken", edited),
                Map.of("limit", "2", "nextToken", "not a token"))) {
            assertThatThrownBy(() -> ExecutionQuery.parse(bad)).as(bad.toString()).isInstanceOfSatisfying(ApiProblems.InvalidRequest.class,
                    e -> assertThat(e.getMessage()).contains("nextToken"));
        }
        assertThat(listing.page(new Caller.Local(), ExecutionQuery.parse(Map.of("limit", "9", "nextToken", token))).rows())
                .as("the page size is not part of the listing").extracting(ExecutionSummary::name).containsExactly("e2", "e1", "e0");
    }

    @Test
    void anotherOrderSortsTheNewestAndSaysWhenThereAreMore() {
        for (int i = 0; i < ExecutionListing.SORT_SCAN + 10; i++) {
            add("orders", String.format("n%05d", i), "SUCCEEDED", T0.plusMillis(i), null);
        }
        ExecutionListing.Page page = listing.page(new Caller.Local(), ExecutionQuery.parse(Map.of("sort", "name", "limit", "3")));
        assertThat(page.truncated()).isTrue();
        assertThat(page.rows()).extracting(ExecutionSummary::name).containsExactly("n00010", "n00011", "n00012");
    }
}
