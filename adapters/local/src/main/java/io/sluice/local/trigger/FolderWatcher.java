package io.sluice.local.trigger;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import io.sluice.functions.trigger.object.LocalFolderEvent;
import io.sluice.functions.trigger.object.ObjectCreated;
import io.sluice.functions.trigger.object.StoreKind;
import io.sluice.functions.trigger.object.TriggerReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Watches the local runtime's data folder and sends a {@link LocalFolderEvent} to the object trigger
 * for every file that appears or changes in it. The data folder holds one folder per bucket; a file's
 * path below its bucket folder, with {@code /} separators, is its key ({@code data/landing/sales/a.csv}
 * is key {@code sales/a.csv} in bucket {@code landing}). Files directly in the data folder belong to no
 * bucket and are skipped, as are files of buckets the watcher is not told to notify (as a bucket without
 * an event notification sends nothing): the jobs' outputs beside a landing folder stay quiet.
 *
 * <p><b>Files still being written.</b> A file is announced only once its size and modification time
 * have not changed for {@link Settings#settleFor()}. That covers a writer that streams a file without
 * long pauses. A writer that may pause for longer should use the rename convention: write
 * {@code name.part} (or a hidden {@code .name}) and rename it to {@code name} when complete; files
 * ending in {@code .part} and every file or folder whose name starts with {@code .} are never
 * announced, and a rename makes the file appear complete, to be announced one settle period later.
 * (rsync's temporary files are hidden, so rsync into the data folder works as it is.)
 *
 * <p><b>Duplicates.</b> The etag of a file version is a fingerprint of its size, modification time
 * and file identity; a file seen again unchanged (a rescan, an attribute change) is not announced
 * twice by one watcher, and across restarts the trigger's execution names make a second announcement
 * start nothing. A rewritten file is a new version and starts again.
 *
 * <p><b>Failures.</b> When the trigger reports a retryable failure (or throws), the files stay pending
 * and are announced again after another settle period. Folders created later are watched as they
 * appear; an event overflow rescans the whole tree. All state is owned by one watcher thread.
 */
public final class FolderWatcher implements AutoCloseable {
    public static final String PART_SUFFIX = ".part";
    private static final Logger LOG = Logger.getLogger(FolderWatcher.class.getName());
    private static final int MAX_OBJECTS_PER_EVENT = 100;

    /**
     * @param settleFor    how long size and modification time must stay unchanged before a file is announced
     * @param pollEvery    how often pending files are checked
     * @param scanExisting whether files present at start are announced (the trigger drops those it has seen)
     */
    public record Settings(Duration settleFor, Duration pollEvery, boolean scanExisting) {
        public static Settings defaults() {
            return new Settings(Duration.ofSeconds(2), Duration.ofMillis(250), true);
        }
    }

    private record Version(long size, long modifiedMicros, Object fileKey) {}

    private record Pending(Version version, Instant since) {}

    private final Path root;
    private final Function<String, TriggerReport> trigger;
    private final Predicate<String> notifies;
    private final Settings settings;
    private final Clock clock;
    private final WatchService watcher;
    private final Map<WatchKey, Path> directories = new ConcurrentHashMap<>();
    /**
     * The folders of buckets that were not notified when they were seen, not watched: the runtime keeps its own objects in
     * the data folder (a folder per sleeping execution under {@code hibernated/}), which would take a watch each.
     */
    private final Set<String> unwatched = ConcurrentHashMap.newKeySet();
    private final Map<Path, Pending> pending = new HashMap<>();
    private final Map<Path, Version> announced = new HashMap<>();
    private final Thread thread;
    private volatile boolean open = true;

    /** Starts watching {@code root}, announcing files of every bucket; the folders below it are watched before this returns. */
    public FolderWatcher(Path root, Function<String, TriggerReport> trigger, Settings settings, Clock clock) throws IOException {
        this(root, bucket -> true, trigger, settings, clock);
    }

    /**
     * As above, announcing only files of the buckets {@code notifies} accepts (asked per file, so it may change); the folder
     * of a bucket it does not accept is not watched until it does (asked again every poll).
     */
    public FolderWatcher(Path root, Predicate<String> notifies, Function<String, TriggerReport> trigger, Settings settings, Clock clock)
            throws IOException {
        this.root = root.toAbsolutePath().normalize();
        this.trigger = trigger;
        this.notifies = notifies;
        this.settings = settings;
        this.clock = clock;
        this.watcher = this.root.getFileSystem().newWatchService();
        registerTree(this.root, settings.scanExisting());
        this.thread = Thread.ofVirtual().name("folder-watcher " + this.root).start(this::run);
    }

    private void run() {
        while (open) {
            try {
                WatchKey key = watcher.poll(settings.pollEvery().toMillis(), TimeUnit.MILLISECONDS);
                while (key != null) {
                    handle(key);
                    key = watcher.poll();
                }
                watchNewlyNotified();
                settle();
            } catch (InterruptedException | ClosedWatchServiceException e) {
                return;
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "folder watcher on " + root + " failed a round; the next one retries", e);
            }
        }
    }

    /** Watches the folders of buckets notified since they were seen (the rules may change), their files considered. */
    private void watchNewlyNotified() throws IOException {
        for (String bucket : unwatched) {
            if (notifies.test(bucket) && unwatched.remove(bucket)) {
                registerTree(root.resolve(bucket), true);
            }
        }
    }

    /** How many folders are watched (the data folder's own among them). */
    int watchedFolders() {
        return directories.size();
    }

    private void handle(WatchKey key) throws IOException {
        Path dir = directories.get(key);
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == OVERFLOW || dir == null) {
                LOG.info("folder watcher on " + root + " lost events; rescanning");
                registerTree(root, true);
                continue;
            }
            Path path = dir.resolve((Path) event.context());
            if (event.kind() == ENTRY_DELETE) {
                pending.remove(path);
                announced.remove(path);
            } else if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                registerTree(path, true); // files may have landed before the folder was watched
            } else {
                consider(path);
            }
        }
        if (!key.reset()) {
            directories.remove(key);
        }
    }

    /**
     * Watches {@code top} and every folder below it; with {@code scan}, then considers every file found.
     * Watching comes first, so a file written while this runs is either seen by the scan or reported
     * by an event (or both, which is harmless).
     */
    private void registerTree(Path top, boolean scan) throws IOException {
        // Each folder is watched before its entries are listed: a folder created below it afterwards is
        // reported by an event, one created before is listed (listing all folders first and watching them
        // afterwards lost a folder made in between, and every file later written into it).
        try {
            Files.walkFileTree(top, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) throws IOException {
                    if (hidden(dir)) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (root.equals(dir.getParent()) && !notifies.test(dir.getFileName().toString())) {
                        unwatched.add(dir.getFileName().toString()); // watched once it is notified (watchNewlyNotified)
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    directories.put(dir.register(watcher, ENTRY_CREATE, ENTRY_MODIFY, ENTRY_DELETE), dir);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    LOG.log(Level.FINE, "a path under " + top + " vanished while it was walked", e);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException e) {
            LOG.log(Level.FINE, top + " vanished before it was watched", e);
            return;
        }
        if (scan) {
            files(top).forEach(this::consider);
        }
    }

    private static List<Path> files(Path top) throws IOException {
        try (Stream<Path> paths = Files.walk(top)) {
            return paths.filter(p -> !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).toList();
        } catch (NoSuchFileException | UncheckedIOException e) {
            LOG.log(Level.FINE, "a folder under " + top + " vanished while it was walked", e);
            return List.of();
        }
    }

    private void consider(Path path) {
        if (!eligible(path)) {
            return;
        }
        Version v = version(path);
        Pending p = pending.get(path);
        if (v != null && (p == null || !p.version().equals(v))) {
            pending.put(path, new Pending(v, clock.instant()));
        }
    }

    /** In the folder of a bucket that is notified, not hidden, not a {@code .part} file. */
    private boolean eligible(Path path) {
        Path relative = root.relativize(path);
        return relative.getNameCount() >= 2 && !hidden(path) && !path.getFileName().toString().endsWith(PART_SUFFIX)
                && notifies.test(relative.getName(0).toString());
    }

    private boolean hidden(Path path) {
        for (Path name : root.relativize(path)) {
            if (name.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    /** The file's current version, or {@code null} when it is gone or not a regular file. */
    private static Version version(Path path) {
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.isRegularFile() ? new Version(a.size(), a.lastModifiedTime().to(TimeUnit.MICROSECONDS), a.fileKey()) : null;
        } catch (IOException e) {
            return null;
        }
    }

    private void settle() {
        Instant now = clock.instant();
        List<Map.Entry<Path, Version>> ready = new ArrayList<>();
        for (Iterator<Map.Entry<Path, Pending>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Path, Pending> e = it.next();
            Version current = version(e.getKey());
            if (current == null) {
                it.remove();
            } else if (!current.equals(e.getValue().version())) {
                e.setValue(new Pending(current, now));
            } else if (current.equals(announced.get(e.getKey()))) {
                it.remove();
            } else if (!e.getValue().since().plus(settings.settleFor()).isAfter(now)) {
                ready.add(Map.entry(e.getKey(), current));
            }
        }
        for (int from = 0; from < ready.size(); from += MAX_OBJECTS_PER_EVENT) {
            announce(ready.subList(from, Math.min(ready.size(), from + MAX_OBJECTS_PER_EVENT)), now);
        }
    }

    private void announce(List<Map.Entry<Path, Version>> files, Instant now) {
        List<ObjectCreated> objects = files.stream().map(f -> object(f.getKey(), f.getValue())).toList();
        boolean retry;
        try {
            retry = trigger.apply(LocalFolderEvent.write(objects)).retryable();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the object trigger failed for " + objects.size() + " file(s) under " + root + "; retrying later", e);
            retry = true;
        }
        for (Map.Entry<Path, Version> f : files) {
            if (retry) {
                pending.put(f.getKey(), new Pending(f.getValue(), now));
            } else {
                pending.remove(f.getKey());
                announced.put(f.getKey(), f.getValue());
            }
        }
    }

    private ObjectCreated object(Path path, Version v) {
        Path relative = root.relativize(path);
        List<String> names = new ArrayList<>();
        relative.forEach(n -> names.add(n.toString()));
        String bucket = names.getFirst();
        String key = String.join("/", names.subList(1, names.size()));
        return new ObjectCreated(StoreKind.LOCAL, bucket, key, v.size(), Fingerprint.of(v.size(), v.modifiedMicros(), v.fileKey()),
                null, String.format("%016x", v.modifiedMicros()), Instant.EPOCH.plus(v.modifiedMicros(), ChronoUnit.MICROS));
    }

    @Override
    public void close() {
        open = false;
        try {
            watcher.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing the watch service on " + root, e);
        }
        thread.interrupt();
        try {
            thread.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
