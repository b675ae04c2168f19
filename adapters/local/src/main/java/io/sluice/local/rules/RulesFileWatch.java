package io.sluice.local.rules;

import io.sluice.functions.control.Rule;
import io.sluice.functions.control.RulesFile;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rules file ({@code <pipelines>/rules.json}) as it is now: reread when its modification time
 * changes, so an edit takes effect without a restart. A file that does not read keeps the last rules
 * that did (its problems logged, each with its place), so a typo never lifts every block at once; no
 * file means no file rules. A rule without {@code from} is in force from the file's modification time.
 */
public final class RulesFileWatch implements Supplier<List<Rule>> {
    private static final Logger LOG = LoggerFactory.getLogger(RulesFileWatch.class);

    private final Path file;
    private FileTime seen;
    private List<Rule> rules = List.of();
    private String problems;

    public RulesFileWatch(Path file) {
        this.file = file;
    }

    @Override
    public synchronized List<Rule> get() {
        FileTime modified;
        try {
            modified = Files.getLastModifiedTime(file);
        } catch (NoSuchFileException e) {
            seen = null;
            rules = List.of();
            return rules;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the rules file " + file, e);
        }
        if (!modified.equals(seen)) {
            seen = modified;
            try {
                // A rule without its own 'from' is in force from when the file was written, not from when it was read.
                rules = RulesFile.parse(Json.parse(Files.readString(file)), modified.toInstant());
                problems = null;
                LOG.info("rules file {}: {} rules", file, rules.size());
            } catch (IllegalArgumentException e) { // RuleParser.InvalidRule, or not JSON at all
                problems = e.getMessage();
                LOG.warn("rules file {} does not read ({}); the {} rules read before stay in force", file, problems, rules.size());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the rules file " + file, e);
            }
        }
        return rules;
    }

    /** Why the file as it is now was not taken, or {@code null} when it was. */
    public synchronized String problems() {
        get();
        return problems;
    }
}
