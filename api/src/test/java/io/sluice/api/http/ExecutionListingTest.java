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
    void aBoundedOrderSortsEveryMatchUpToItsBoundPastTheOldTwoThousand() {
        int n = 6_000; // three times the old bound (2,000): the order holds over all of them
        for (int i = 0; i < n; i++) {
            add(i % 2 == 0 ? "orders" : "billing", String.format("n%05d", (i * 7919) % n), i % 3 == 0 ? "FAILED" : "SUCCEEDED",
                    T0.plusMillis(i), null);
        }
        Caller local = new Caller.Local();
        java.util.Comparator<ExecutionSummary> byName = java.util.Comparator.comparing(ExecutionSummary::name);
        List<ExecutionSummary> names = everyPage(local, Map.of("sort", "name", "limit", "1000"));
        assertThat(names).hasSize(n).isSortedAccordingTo(byName).doesNotHaveDuplicates();
        assertThat(everyPage(local, Map.of("sort", "name", "order", "desc", "pipeline", "orders", "limit", "700")))
                .containsExactlyElementsOf(all.stream().filter(s -> s.pipeline().equals("orders")).sorted(byName.reversed()).toList());
        assertThat(everyPage(local, Map.of("sort", "startTime", "order", "asc", "limit", "1000")))
                .as("oldest first, over all of them").containsExactlyElementsOf(expected(s -> true).reversed());
        ExecutionListing.Page first = listing.page(local, ExecutionQuery.parse(Map.of("sort", "pipeline", "limit", "5")));
        assertThat(first.truncated()).isFalse();
        assertThat(first.json().has("truncated")).isFalse();
    }

    @Test
    void pastItsBoundABoundedOrderSaysWhereItsSortBeginsAndUntilThereSortsTheOlderOnes() {
        int n = ExecutionListing.SORT_BOUND + 2_500;
        for (int i = 0; i < n; i++) {
            add("orders", String.format("n%05d", n - 1 - i), "SUCCEEDED", T0.plusMillis(i), null); // the newest has the lowest name
        }
        Caller local = new Caller.Local();
        ExecutionListing.Page page = listing.page(local, ExecutionQuery.parse(Map.of("sort", "name", "order", "desc", "limit", "3")));
        Instant sortedFrom = T0.plusMillis(n - ExecutionListing.SORT_BOUND + 1); // the millisecond reading stopped in goes with the older
        assertThat(page.sortedFrom()).as("every execution from then on is in the sort").isEqualTo(sortedFrom);
        assertThat(page.json().path("truncated").asBoolean()).isTrue();
        assertThat(page.json().path("sortedFrom").asText()).isEqualTo(sortedFrom.toString());
        assertThat(page.rows()).extracting(ExecutionSummary::name).as("the greatest name among those sorted, not overall")
                .containsExactly("n09998", "n09997", "n09996");
        List<ExecutionSummary> older = everyPage(local, Map.of("sort", "name", "order", "desc", "until", sortedFrom.toString(), "limit", "1000"));
        assertThat(older).hasSize(2_501).extracting(ExecutionSummary::name).first().isEqualTo("n12499");
        assertThat(older).allSatisfy(s -> assertThat(s.startTime()).isBefore(sortedFrom));
    }

    @Test
    void byDurationTheLongestFirstWithRunningOnesAsTheLongest() {
        int[] seconds = {5, 1, 30, 2};
        for (int i = 0; i < seconds.length; i++) {
            Instant start = T0.plusMillis(i);
            all.add(new ExecutionSummary("orders:d" + i, "orders", "d" + i, "SUCCEEDED", "sha256:x", start, start.plusSeconds(seconds[i]), null));
        }
        add("orders", "running", "RUNNING", T0.plusMillis(9), null);
        Caller local = new Caller.Local();
        assertThat(everyPage(local, Map.of("sort", "duration", "limit", "2"))).extracting(ExecutionSummary::name)
                .containsExactly("running", "d2", "d0", "d3", "d1");
        assertThat(everyPage(local, Map.of("sort", "duration", "order", "asc"))).extracting(ExecutionSummary::name)
                .containsExactly("d1", "d3", "d0", "d2", "running");
    }

    @Test
    void byStatusPagesEveryStatusFromItsOwnIndexHoweverManyThereAre() {
        String[] statuses = {"SUCCEEDED", "FAILED", "RUNNING", "ABORTED", "TIMED_OUT", "SUCCEEDED", "SUCCEEDED"};
        for (int i = 0; i < 14_000; i++) { // more than a bounded order sorts
            add(i % 2 == 0 ? "orders" : "billing", "e" + i, statuses[i % statuses.length], T0.plusMillis(i / 3), i % 4 == 0 ? "p1" : "p2");
        }
        java.util.Comparator<ExecutionSummary> byStatus = java.util.Comparator.comparing(ExecutionSummary::status);
        Caller local = new Caller.Local();
        assertThat(everyPage(local, Map.of("sort", "status", "limit", "999")))
                .containsExactlyElementsOf(all.stream().sorted(byStatus.thenComparing(ExecutionCursor.ORDER)).toList());
        assertThat(everyPage(local, Map.of("sort", "status", "order", "desc", "partition", "p1", "limit", "1000")))
                .containsExactlyElementsOf(all.stream().filter(s -> "p1".equals(s.partition()))
                        .sorted(byStatus.reversed().thenComparing(ExecutionCursor.ORDER)).toList());
        Caller tenant = new Caller.TenantKey("t", "k", Role.READER, Set.of("orders"));
        assertThat(everyPage(tenant, Map.of("sort", "status", "status", "FAILED", "limit", "100")))
                .containsExactlyElementsOf(all.stream().filter(s -> s.pipeline().equals("orders") && s.status().equals("FAILED"))
                        .sorted(ExecutionCursor.ORDER).toList());
        assertThat(listing.page(local, ExecutionQuery.parse(Map.of("sort", "status"))).truncated()).isFalse();
    }
}
