package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.nested.ParentReports;
import io.sluice.functions.nested.StateMachineArn;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import io.sluice.orchestration.port.ExecutionLinks;
import io.sluice.orchestration.port.ExecutionLinks.Kind;
import io.sluice.orchestration.port.ExecutionLinks.Link;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.orchestration.port.MapRunStore.Counts;
import io.sluice.orchestration.port.MapRunStore.Versioned;
import java.time.Clock;
import java.time.Duration;
import java.util.BitSet;
import java.util.ConcurrentModificationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Logger;

/**
 * Runs distributed Maps outside the engine. A run is driven by events, never by a thread that waits: the
 * map-run task starts it, each durable child's completion advances it, and each step is a compare-and-set
 * of the run's small record in the {@link MapRunStore}, so any process can take the next step and a
 * redelivered message repeats only what is idempotent.
 *
 * <ul>
 *   <li>STANDARD children are durable executions of the parent's pipeline, named {@code <run id>:<index>}
 *       and started through the orchestrator's start, idempotent by name: at most MaxConcurrency are
 *       running (children started minus children ended), and each completion starts the next ones.</li>
 *   <li>EXPRESS children run in the coordinator's own process ({@link ExpressChildren}), a page at a time,
 *       at most MaxConcurrency at once, within the map-run task's invocation (the worker keeps its lease);
 *       each child's outcome is kept in the store as it ends, so a run resumed after a crash re-runs only the
 *       children of the page that had not ended (at least once, as express executions are).</li>
 * </ul>
 *
 * <p>A child's end is recorded once (a bit and a count), so a redelivered completion changes nothing, and
 * children are started again only by name, so a crash between starting children and recording them starts
 * none twice. Items are read a page at a time from the cursor in the record. When every child has ended, or
 * the tolerated failures are exceeded, the run ends: its results are written (ResultWriter) or gathered, and
 * reported to the parent's task token; the record says it was reported, so a later event does nothing.
 */
public final class MapRunCoordinator {
    private static final Logger LOG = Logger.getLogger(MapRunCoordinator.class.getName());
    private static final int MAX_CONFLICTS = 50;

    /**
     * @param keep          how long a run's record, counts and links are kept
     * @param resultFileBytes the size at which a result file is closed and the next begun
     */
    public record Settings(Duration keep, long resultFileBytes) {
        public static Settings defaults() {
            return new Settings(Duration.ofDays(14), 8L * 1024 * 1024);
        }
    }

    private final MapRunStore runs;
    private final ExecutionLinks links;
    private final PipelineStarter.Launch launch;
    private final OwnedBuckets buckets;
    private final Tenancy tenancy;
    private final ParentReports reports;
    private final ExpressChildren express;
    private final MapRunResults results;
    private final Clock clock;
    private final RandomSource random;
    private final Ticker ticker;
    private final Settings settings;
    private final PageCache cache = new PageCache();
    private final ConcurrentHashMap<String, Definition> processors = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ReentrantLock> locks = new ConcurrentHashMap<>();

    public MapRunCoordinator(MapRunStore runs, ExecutionLinks links, ExecutionStore executions, PipelineStarter.Launch launch,
                             OwnedBuckets buckets, Tenancy tenancy, ParentReports reports, TaskFunctions functions, Clock clock,
                             RandomSource random, Ticker ticker, Settings settings) {
        this.runs = runs;
        this.links = links;
        this.launch = launch;
        this.buckets = buckets;
        this.tenancy = tenancy;
        this.reports = reports;
        this.express = new ExpressChildren(functions, clock, random, ticker);
        this.results = new MapRunResults(runs, executions, rec -> buckets.of(rec.owner(tenancy)), settings.resultFileBytes());
        this.clock = clock;
        this.random = random;
        this.ticker = ticker;
        this.settings = settings;
    }

    /** The map-run task: creates the run (or finds the one this token created), links it to the parent, and advances it. */
    public String start(JsonNode requestJson, TaskContext task) {
        String token = task.requireToken(MapRunFunction.NAME);
        MapRunRequest request = MapRunRequest.parse(requestJson);
        Definition processor = DefinitionParser.parse(requestJson.get("Processor"));
        processors.putIfAbsent(processor.hash(), processor);
        String runId = MapRunIds.runId(token);
        String pipeline = task.owner().requirePipeline(MapRunFunction.NAME);
        String arn = StateMachineArn.parse(pipeline).orElseThrow().mapRunArn(request.label(), runId);
        MapRunRecord fresh = new MapRunRecord(runId, task.executionId(), pipeline, token, arn, processor.hash(),
                clock.millis(), requestJson, new ChildPager.Start(null, 0, 0), 0, -1, MapRunRecord.RUNNING, null, null, false);
        runs.create(runId, fresh.encode(), clock.instant().plus(settings.keep()));
        links.link(new Link(runId, task.executionId(), token, Kind.MAP_RUN, arn), clock.instant().plus(settings.keep()));
        advance(runId);
        return runId;
    }

    /** A durable execution ended: if it is a child of a running map run, record it and advance the run. */
    public void childEnded(FinishedExecution e) {
        MapRunIds.Child child = MapRunIds.child(e.name()).orElse(null);
        if (child == null || e.execution() == null) {
            return;
        }
        MapRunRecord rec = runs.load(child.runId()).map(v -> MapRunRecord.decode(v.record())).orElse(null);
        // Only the run's own children count: same pipeline, same processor definition.
        if (rec == null || !rec.pipeline().equals(e.pipeline()) || !rec.processorHash().equals(e.execution().definitionHash())) {
            return;
        }
        runs.finish(child.runId(), child.index(), e.status() == ExecutionStatus.SUCCEEDED, null);
        advance(child.runId());
    }

    /** A parent ended other than SUCCEEDED: its running map runs are aborted, their running children stopped. */
    public void parentEnded(FinishedExecution parent) {
        for (Link link : links.childrenOf(parent.executionId())) {
            if (link.kind() == Kind.MAP_RUN) {
                end(link.child(), "ABORTED", ErrorNames.ABORTED, "The parent execution " + parent.executionId() + " ended "
                        + parent.status() + ".");
            }
        }
    }

    /**
     * Takes every step the run can take now. Within a process one call at a time per run (completions arrive
     * together, and each would only lose the compare-and-set to the others); across processes the
     * compare-and-set alone keeps the record right.
     */
    public void advance(String runId) {
        ReentrantLock lock = locks.computeIfAbsent(runId, id -> new ReentrantLock());
        boolean over = false;
        lock.lock();
        try {
            over = advanceLocked(runId);
        } finally {
            lock.unlock();
            if (over) {
                locks.remove(runId, lock);
            }
        }
    }

    /** Whether the run is over (ended and reported, or gone). */
    private boolean advanceLocked(String runId) {
        int conflicts = 0;
        while (true) {
            Versioned v = runs.load(runId).orElse(null);
            if (v == null) {
                return true;
            }
            MapRunRecord rec = MapRunRecord.decode(v.record());
            if (!rec.running()) {
                if (!rec.reported()) {
                    conclude(rec, v.version());
                }
                return true;
            }
            MapRunRequest request = MapRunRequest.parse(rec.request());
            Step step;
            try {
                step = step(rec, v.version(), request);
            } catch (TaskError e) {
                // The reader or the selector cannot go on: the run fails with the error, as the Map state does on AWS.
                step = end(rec, v.version(), "FAILED", e.errorName(), e.getMessage()) ? Step.AGAIN : Step.CONFLICT;
            }
            switch (step) {
                case DONE -> {
                    return false;
                }
                case AGAIN -> { }
                case CONFLICT -> {
                    if (++conflicts > MAX_CONFLICTS) {
                        throw new ConcurrentModificationException("map run " + runId + " changed under " + MAX_CONFLICTS
                                + " attempts in a row; the message is retried");
                    }
                }
            }
        }
    }

    private enum Step { DONE, AGAIN, CONFLICT }

    private Step step(MapRunRecord rec, long version, MapRunRequest request) {
        Counts counts = runs.counts(rec.runId());
        Tolerance tolerance = Tolerance.of(request);
        if (tolerance.exceeded(counts, rec.total())) {
            return ended(end(rec, version, "FAILED", ErrorNames.EXCEEDED_TOLERATED_FAILURE_THRESHOLD, tolerance.cause(counts, rec.total())));
        }
        if (rec.total() >= 0 && counts.ended() >= rec.total()) {
            return ended(end(rec, version, "SUCCEEDED", null, null));
        }
        return request.express() ? expressPage(rec, version, request) : startChildren(rec, version, request, counts);
    }

    private static Step ended(boolean ok) {
        return ok ? Step.AGAIN : Step.CONFLICT;
    }

    /** STANDARD: starts children while fewer than MaxConcurrency run, moving on to the next page when one is used up. */
    private Step startChildren(MapRunRecord rec, long version, MapRunRequest request, Counts counts) {
        if (rec.total() >= 0 && rec.nextChild() >= rec.total()) {
            return Step.DONE; // all started: the rest comes with their completions
        }
        long running = Math.max(0, rec.nextChild() - counts.ended());
        long free = request.maxConcurrency() - running;
        if (free <= 0) {
            return Step.DONE;
        }
        ChildPager.Page page = page(rec, request);
        if (rec.nextChild() >= page.end()) {
            MapRunRecord next = page.next() == null ? rec.withTotal(page.end()) : rec.withPage(page.next());
            return ended(runs.update(rec.runId(), version, next.encode()));
        }
        long to = Math.min(page.end(), rec.nextChild() + free);
        Definition processor = processor(rec, request);
        for (long i = rec.nextChild(); i < to; i++) {
            startChild(rec, processor, i, page.inputs().get((int) (i - page.start().firstChild())));
        }
        MapRunRecord next = rec.withNextChild(to);
        if (page.next() == null) {
            next = next.withTotal(page.end()); // the last page: the total is known, and with it the share of failures
        }
        return ended(runs.update(rec.runId(), version, next.encode()));
    }

    private void startChild(MapRunRecord rec, Definition processor, long index, JsonNode input) {
        String name = MapRunIds.childName(rec.runId(), index);
        StartResult result = launch.start(rec.pipeline(), name, processor, input);
        boolean ours = result instanceof StartResult.Existing e && e.execution().definitionHash().equals(processor.hash());
        if (!ours) {
            // A name of this run held by some other execution, or a start refused: the child cannot run.
            ChildOutcome failed = new ChildOutcome(index, name, "FAILED", input, null, ErrorNames.RUNTIME, "Child execution '" + name
                    + "' could not be started: " + result + ".", clock.instant(), clock.instant());
            runs.finish(rec.runId(), index, false, failed.encode());
        }
    }

    /** EXPRESS: runs the children of the current page that have not ended, in this process, then moves to the next page. */
    private Step expressPage(MapRunRecord rec, long version, MapRunRequest request) {
        ChildPager.Page page = page(rec, request);
        long first = page.start().firstChild();
        BitSet ended = runs.ended(rec.runId(), first, page.end());
        Definition processor = processor(rec, request);
        Tolerance tolerance = Tolerance.of(request);
        Semaphore slots = new Semaphore(request.maxConcurrency());
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (long i = first; i < page.end() && !stop.get(); i++) {
                if (ended.get((int) (i - first))) {
                    continue;
                }
                long index = i;
                JsonNode input = page.inputs().get((int) (i - first));
                slots.acquireUninterruptibly();
                if (stop.get()) {
                    slots.release();
                    break;
                }
                threads.submit(() -> {
                    try {
                        ChildOutcome o = express.run(index, processor, rec.pipeline(), MapRunIds.childName(rec.runId(), index), input, rec.owner(tenancy));
                        Counts after = runs.finish(rec.runId(), index, o.succeeded(), o.encode()).counts();
                        if (tolerance.exceeded(after, page.next() == null ? page.end() : -1)) {
                            stop.set(true);
                        }
                    } catch (RuntimeException | Error e) {
                        failure.compareAndSet(null, e); // rethrown below, on the coordinator's thread
                        stop.set(true);
                    } finally {
                        slots.release();
                    }
                });
            }
        }
        switch (failure.get()) {
            case null -> { }
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(failure.get());
        }
        if (stop.get()) {
            return Step.AGAIN; // the next step sees the threshold exceeded
        }
        MapRunRecord next = page.next() == null ? rec.withNextChild(page.end()).withTotal(page.end())
                : rec.withNextChild(page.end()).withPage(page.next());
        return ended(runs.update(rec.runId(), version, next.encode()));
    }

    private ChildPager.Page page(MapRunRecord rec, MapRunRequest request) {
        ChildPager.Page cached = cache.page(rec.runId(), rec.page());
        if (cached != null) {
            return cached;
        }
        ItemSource source = ItemSources.open(request, buckets.of(rec.owner(tenancy)), cache.objects(rec.runId()));
        ChildPager.Page page = new ChildPager(request, source, ticker).read(rec.page(), clock.instant(), random);
        cache.keep(rec.runId(), page);
        return page;
    }

    /** The run's item processor, parsed once per process. */
    private Definition processor(MapRunRecord rec, MapRunRequest request) {
        return processors.computeIfAbsent(rec.processorHash(), h -> DefinitionParser.parse(request.processor()));
    }

    /** Ends a run by id unless it has ended; stops its running children. */
    private void end(String runId, String status, String error, String cause) {
        for (int i = 0; i < MAX_CONFLICTS; i++) {
            Versioned v = runs.load(runId).orElse(null);
            if (v == null || !MapRunRecord.decode(v.record()).running()) {
                return;
            }
            if (end(MapRunRecord.decode(v.record()), v.version(), status, error, cause)) {
                advance(runId);
                return;
            }
        }
    }

    /** Marks the run ended (the compare-and-set every later step reads); whether it won. */
    private boolean end(MapRunRecord rec, long version, String status, String error, String cause) {
        return runs.update(rec.runId(), version, rec.ended(status, error, cause).encode());
    }

    /**
     * Finishes an ended run: stops its durable children still running (a failed or aborted run), writes or gathers
     * its results, reports to the parent's token (not for an aborted run: its parent has ended), and marks it reported.
     * Every part may be done twice after a crash: the files are written again whole, the report is deduplicated.
     */
    private void conclude(MapRunRecord rec, long version) {
        MapRunRequest request = MapRunRequest.parse(rec.request());
        if (!rec.status().equals("SUCCEEDED") && !request.express()) {
            stopRunning(rec);
        }
        if (!rec.status().equals("ABORTED")) {
            report(rec, request);
        }
        cache.forget(rec.runId());
        if (!runs.update(rec.runId(), version, rec.withReported().encode())) {
            LOG.fine(() -> "map run " + rec.runId() + " was marked reported by another call");
        }
    }

    private void report(MapRunRecord rec, MapRunRequest request) {
        JsonNode result;
        try {
            result = results.collect(rec, request);
        } catch (TaskError e) {
            reports.failed(rec.token(), e.errorName(), e.getMessage());
            return;
        }
        if (rec.status().equals("SUCCEEDED")) {
            reports.succeeded(rec.token(), result);
        } else {
            reports.failed(rec.token(), rec.error(), rec.cause());
        }
    }

    private void stopRunning(MapRunRecord rec) {
        long limit = rec.nextChild();
        for (long from = 0; from < limit; from += 4096) {
            long to = Math.min(limit, from + 4096);
            BitSet ended = runs.ended(rec.runId(), from, to);
            for (long i = from; i < to; i++) {
                if (!ended.get((int) (i - from))) {
                    reports.stop(rec.pipeline() + ":" + MapRunIds.childName(rec.runId(), i), "Its map run " + rec.mapRunArn()
                            + " ended " + rec.status() + ".");
                }
            }
        }
    }
}
