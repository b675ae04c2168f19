package io.sluice.api.http;

import io.sluice.api.page.PageTokens;
import io.sluice.functions.trigger.Partitions;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * What {@code GET /v1/executions} (and its stream) was asked for, checked: the filters, the order and the page.
 *
 * <ul>
 *   <li>{@code pipeline}, {@code status}: exactly; {@code since} (inclusive) and {@code until} (exclusive): start times, an
 *       ISO instant or a date (UTC); {@code partition}: the partition the run was started for, exactly; {@code name}: a
 *       part of the execution's name, in any case.</li>
 *   <li>{@code mapRun}: only the child executions of that distributed map run (its run id); without it, map-run children
 *       are left out, as the Step Functions console lists them only under their map run, unless {@code children=true}.</li>
 *   <li>{@code sort}: {@code startTime} (the default), {@code stopTime}, {@code name}, {@code pipeline}, {@code status} or
 *       {@code duration}; {@code order}: {@code desc} (the default for times and durations) or {@code asc} (the default
 *       for the rest).</li>
 *   <li>{@code limit}: the page's size (1–1000, 100 by default); {@code nextToken}: where the page starts, as the previous
 *       page handed it out (a token is bound to its filters and order, as Step Functions' ListExecutions tokens are). In the
 *       store's order (newest start first) and by status it holds the store's cursor (by status: in the status's own
 *       index), so paging goes on however many executions there are; another order pages by offset through the newest
 *       ones sorted ({@link #bounded()}).</li>
 * </ul>
 *
 * @param cursor where a page in the store's order starts ({@code null}: at the newest); by status, where it starts in the
 *               index of the status {@code offset} names
 * @param offset where a page in a bounded order starts; by status, which status (of {@link #statuses()}) the page starts in
 */
record ExecutionQuery(String pipeline, String status, Instant since, Instant until, String partition, String name, String mapRun,
                      boolean children, Sort sort, boolean ascending, int limit, ExecutionCursor cursor, int offset) {
    static final int MAX_LIMIT = 1000;
    static final int MAX_NAME = 80;
    private static final Pattern RUN_ID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    /** The orders a list can be sorted in; ties go as the store lists them, newest first. */
    enum Sort {
        START_TIME("startTime", true, Comparator.comparing(ExecutionSummary::startTime)),
        STOP_TIME("stopTime", true, Comparator.comparing(ExecutionSummary::stopTime, Comparator.nullsLast(Comparator.naturalOrder()))),
        NAME("name", false, Comparator.comparing(ExecutionSummary::name)),
        PIPELINE("pipeline", false, Comparator.comparing(ExecutionSummary::pipeline)),
        STATUS("status", false, Comparator.comparing(ExecutionSummary::status)),
        /** Ended runs by how long they ran; running ones, whose duration is not known yet, as the longest. */
        DURATION("duration", true, Comparator.comparing(ExecutionQuery::ran, Comparator.nullsLast(Comparator.naturalOrder())));

        final String field;
        final boolean descendingByDefault;
        final Comparator<ExecutionSummary> ascending;

        Sort(String field, boolean descendingByDefault, Comparator<ExecutionSummary> ascending) {
            this.field = field;
            this.descendingByDefault = descendingByDefault;
            this.ascending = ascending;
        }

        static final String EXPECTED = "one of " + Arrays.stream(values()).map(s -> s.field).toList();
    }

    /** How long an ended execution ran; {@code null} while it runs. */
    private static java.time.Duration ran(ExecutionSummary s) {
        return s.stopTime() == null ? null : java.time.Duration.between(s.startTime(), s.stopTime());
    }

    /** Reads the query parameters, each checked; a bad one is a 400 naming it and what it takes. */
    static ExecutionQuery parse(Map<String, String> params) {
        Function<String, String> p = k -> blankToNull(params.get(k));
        String status = p.apply("status");
        if (status != null && Arrays.stream(ExecutionStatus.values()).noneMatch(s -> s.name().equals(status))) {
            throw new ApiProblems.InvalidRequest("status", "one of " + Arrays.toString(ExecutionStatus.values()), RequestJson.shown(status));
        }
        String partition = p.apply("partition");
        if (partition != null && !Partitions.isValid(partition)) {
            throw new ApiProblems.InvalidRequest("partition", Partitions.EXPECTED, RequestJson.shown(partition));
        }
        String name = p.apply("name");
        if (name != null && name.length() > MAX_NAME) {
            throw new ApiProblems.InvalidRequest("name", "a part of a name, at most " + MAX_NAME + " characters", RequestJson.shown(name));
        }
        String mapRun = p.apply("mapRun");
        if (mapRun != null && !RUN_ID.matcher(mapRun).matches()) {
            throw new ApiProblems.InvalidRequest("mapRun", "a map run's id (a lower-case UUID, the last part of its map run ARN)",
                    RequestJson.shown(mapRun));
        }
        String children = Objects.requireNonNullElse(p.apply("children"), "false");
        if (!children.equals("true") && !children.equals("false")) {
            throw new ApiProblems.InvalidRequest("children", "true or false", RequestJson.shown(children));
        }
        String sortText = Objects.requireNonNullElse(p.apply("sort"), Sort.START_TIME.field);
        Sort sort = Arrays.stream(Sort.values()).filter(s -> s.field.equals(sortText)).findFirst()
                .orElseThrow(() -> new ApiProblems.InvalidRequest("sort", Sort.EXPECTED, RequestJson.shown(sortText)));
        String order = p.apply("order");
        if (order != null && !order.equals("asc") && !order.equals("desc")) {
            throw new ApiProblems.InvalidRequest("order", "asc or desc", RequestJson.shown(order));
        }
        boolean ascending = order == null ? !sort.descendingByDefault : order.equals("asc");
        int limit = ApiProblems.checkedLimit(number(p.apply("limit"), "limit", 100), MAX_LIMIT);
        ExecutionQuery q = new ExecutionQuery(p.apply("pipeline"), status, instant(p.apply("since"), "since"),
                instant(p.apply("until"), "until"), partition, name, mapRun, children.equals("true"), sort, ascending, limit, null, 0);
        String token = p.apply("nextToken");
        return token == null ? q : q.from(token);
    }

    /** The same query from where {@code token} says, if a page of this listing handed it out; a 400 naming it if not. */
    private ExecutionQuery from(String token) {
        java.util.function.Supplier<ApiProblems.InvalidRequest> invalid = () -> new ApiProblems.InvalidRequest("nextToken",
                "a token a page of this listing handed out in the last 24 hours, with the same filters and sort (start again without it)", RequestJson.shown(token));
        String position = PageTokens.position(token, listing()).orElseThrow(invalid);
        if (sort == Sort.STATUS) { // <status's place>/<cursor in its index, or nothing at its start>
            int slash = position.indexOf('/');
            if (slash < 1 || !position.substring(0, slash).matches("[0-9]") || Integer.parseInt(position.substring(0, slash)) >= statuses().size()) {
                throw invalid.get();
            }
            String at = position.substring(slash + 1);
            ExecutionCursor c = at.isEmpty() ? null : ExecutionCursor.parse(at).orElseThrow(invalid);
            return new ExecutionQuery(pipeline, status, since, until, partition, name, mapRun, children, sort, ascending, limit, c,
                    Integer.parseInt(position.substring(0, slash)));
        }
        if (storeOrder()) {
            return new ExecutionQuery(pipeline, status, since, until, partition, name, mapRun, children, sort, ascending, limit,
                    ExecutionCursor.parse(position).orElseThrow(invalid), 0);
        }
        if (!position.matches("[0-9]{1,9}")) {
            throw invalid.get();
        }
        return new ExecutionQuery(pipeline, status, since, until, partition, name, mapRun, children, sort, ascending, limit, null,
                Integer.parseInt(position));
    }

    /** Newest first by start time: the order the store lists in, so a page needs only the executions up to its end. */
    boolean storeOrder() {
        return sort == Sort.START_TIME && !ascending;
    }

    /**
     * Whether the order is applied to the newest {@link ExecutionListing#SORT_BOUND} executions only: every order but the
     * store's and by status, which page through the store's indexes however many executions there are.
     */
    boolean bounded() {
        return !storeOrder() && sort != Sort.STATUS;
    }

    /** By status: the statuses in the page's order, each listed from its own index (only the one asked for, if any). */
    List<String> statuses() {
        if (status != null) {
            return List.of(status);
        }
        List<String> all = Arrays.stream(ExecutionStatus.values()).map(Enum::name).sorted().toList();
        return ascending ? all : all.reversed();
    }

    /** How the kept executions are ordered: the sort, then as the store lists them (newest first). */
    Comparator<ExecutionSummary> comparator() {
        Comparator<ExecutionSummary> c = ascending ? sort.ascending : sort.ascending.reversed();
        return c.thenComparing(ExecutionCursor.ORDER);
    }

    /** Whether {@code s}, and so every execution after it in the store's order, started before {@code since}. */
    boolean past(ExecutionSummary s) {
        return since != null && s.startTime().isBefore(since);
    }

    /** Whether {@code s} passes the filters, all read from its summary. */
    boolean keeps(ExecutionSummary s) {
        if (since != null && s.startTime().isBefore(since) || until != null && !s.startTime().isBefore(until)) {
            return false;
        }
        if (partition != null && !partition.equals(s.partition())) {
            return false;
        }
        if (name != null && !s.name().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT))) {
            return false;
        }
        if (mapRun != null) {
            return io.sluice.functions.maprun.MapRunNames.isChildOf(s.name(), mapRun);
        }
        return children || !io.sluice.functions.maprun.MapRunNames.isChild(s.name());
    }

    /** Where the first page starts: at {@code until} when it falls on a millisecond (nothing newer is read), else the newest. */
    ExecutionCursor start() {
        return cursor != null ? cursor : top();
    }

    /** Where a listing from the newest starts: at {@code until} when it falls on a millisecond, else {@code null}. */
    ExecutionCursor top() {
        return until != null && until.getNano() % 1_000_000 == 0 ? new ExecutionCursor(until.toEpochMilli(), "") : null;
    }

    /** The token of the page that starts after {@code at} (store order). */
    String token(ExecutionCursor at) {
        return PageTokens.encode(listing(), at.text());
    }

    /** The token of the page that starts at {@code at} ({@code null}: at its start) in the index of status {@code lane}. */
    String token(int lane, ExecutionCursor at) {
        return PageTokens.encode(listing(), lane + "/" + (at == null ? "" : at.text()));
    }

    /** The token of the page that starts at {@code offset} (another order). */
    String token(int offset) {
        return PageTokens.encode(listing(), Integer.toString(offset));
    }

    /** What a token is bound to: every filter and the order, not the page size. */
    private String listing() {
        return String.join("|", Arrays.asList("executions", pipeline, status, Objects.toString(since, null), Objects.toString(until, null),
                partition, name, mapRun, Boolean.toString(children), sort.field, ascending ? "asc" : "desc"));
    }

    private static int number(String text, String field, int otherwise) {
        if (text == null) {
            return otherwise;
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new ApiProblems.InvalidRequest(field, "a whole number", RequestJson.shown(text));
        }
    }

    private static Instant instant(String text, String field) {
        if (text == null) {
            return null;
        }
        try {
            return text.length() == 10 ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant() : Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new ApiProblems.InvalidRequest(field, "an ISO-8601 instant (2026-11-29T06:00:00Z) or date (2026-11-29, UTC)",
                    RequestJson.shown(text));
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
