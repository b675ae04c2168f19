package io.sluice.local.pipeline;

import io.sluice.functions.pipeline.PipelineProblem;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Says in the runtime's log (the terminal of {@code sluice serve}) what happens to the pipelines folder while it runs:
 * a pipeline file added, edited, fixed or removed, and above all one edited into an invalid pipeline, with each
 * problem (file, pointer, sentence). The catalog reads a changed file again on its next lookup; without this, an edit
 * that broke a pipeline was only seen when a start was refused.
 *
 * <p>The first {@link #scan()} notes what is there and says nothing (the start reports it); each later one reports
 * what changed since.
 */
public final class PipelineWatch implements AutoCloseable {
    /** Where the lines go: {@code error} for a pipeline that is invalid now, {@code info} for the rest. */
    public record Report(Consumer<String> info, Consumer<String> error) {}

    private final PipelineCatalog catalog;
    private final Report report;
    private final Map<String, PipelineCatalog.Lookup> known = new HashMap<>();
    private final Thread thread;
    private volatile boolean open = true;

    /** Notes the folder now; then, when {@code every} is not {@code null}, scans it every {@code every} on a thread of its own. */
    public PipelineWatch(PipelineCatalog catalog, Report report, Duration every) {
        this.catalog = catalog;
        this.report = report;
        for (String id : catalog.ids()) {
            known.put(id, catalog.find(id));
        }
        this.thread = every == null ? null : Thread.ofVirtual().name("pipeline-watch").start(() -> rescan(every));
    }

    private void rescan(Duration every) {
        while (open) {
            LockSupport.parkNanos(every.toNanos());
            if (!open) {
                return;
            }
            try {
                scan();
            } catch (RuntimeException e) {
                report.error().accept("could not look at the pipelines folder " + catalog.directory() + ": " + e.getMessage());
            }
        }
    }

    /** Looks at every pipeline file again and reports each change since the last scan; returns the lines reported. */
    public synchronized List<String> scan() {
        List<String> said = new ArrayList<>();
        List<String> ids = catalog.ids();
        for (String id : ids) {
            PipelineCatalog.Lookup now = catalog.find(id);
            PipelineCatalog.Lookup before = known.put(id, now);
            switch (now) {
                case PipelineCatalog.Lookup.Found f -> {
                    String file = catalog.shown(f.pipeline().file());
                    if (before == null || before instanceof PipelineCatalog.Lookup.Missing) {
                        say(said, report.info(), "pipeline '" + id + "' added (" + file + ")");
                    } else if (before instanceof PipelineCatalog.Lookup.Invalid) {
                        say(said, report.info(), "pipeline '" + id + "' is valid again and loaded (" + file + ")");
                    } else if (before instanceof PipelineCatalog.Lookup.Found old && old.pipeline() != f.pipeline()) {
                        say(said, report.info(), "pipeline '" + id + "' reloaded (" + file + "); runs started before keep their definition");
                    }
                }
                case PipelineCatalog.Lookup.Invalid i -> {
                    if (!(before instanceof PipelineCatalog.Lookup.Invalid old) || !old.problems().equals(i.problems())) {
                        for (PipelineProblem p : i.problems()) {
                            if (!p.warning()) {
                                say(said, report.error(), p + " (pipeline '" + id + "' not loaded: starts are refused until the file is fixed)");
                            }
                        }
                    }
                }
                case PipelineCatalog.Lookup.Missing m -> {
                    if (before != null && !(before instanceof PipelineCatalog.Lookup.Missing)) {
                        say(said, report.info(), "pipeline '" + id + "' removed");
                    }
                }
            }
        }
        for (String id : List.copyOf(known.keySet())) {
            if (!ids.contains(id)) {
                PipelineCatalog.Lookup before = known.remove(id);
                if (!(before instanceof PipelineCatalog.Lookup.Missing)) {
                    say(said, report.info(), "pipeline '" + id + "' removed (its file is gone)");
                }
            }
        }
        return said;
    }

    private static void say(List<String> said, Consumer<String> to, String line) {
        said.add(line);
        to.accept(line);
    }

    @Override
    public void close() {
        open = false;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }
}
