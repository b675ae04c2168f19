package io.sluice.local.trigger;

import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.trigger.object.InvalidRulesException;
import io.sluice.functions.trigger.object.ObjectRules;
import io.sluice.functions.trigger.object.ObjectTrigger;
import io.sluice.functions.trigger.object.TriggerMetrics;
import io.sluice.functions.trigger.object.TriggerReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * The object rules of the local runtime, from one file ({@code triggers.json} in the pipelines folder
 * by default) in the {@link ObjectRules} format, and the {@code object-trigger} function over them.
 * The file is read again when it changes: rules that read well replace the old ones; rules with
 * problems are reported (file, pointer, sentence, one line each) and the old ones stay in force.
 */
public final class ObjectRulesFile implements Function<String, TriggerReport> {
    private static final Logger LOG = Logger.getLogger(ObjectRulesFile.class.getName());

    /** Rules that cannot be used; every problem is a line {@code FILE: /pointer: sentence}. */
    public static final class Invalid extends IllegalStateException {
        private final List<String> problems;

        Invalid(List<String> problems) {
            super(String.join("\n", problems));
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }

    private final Path file;
    private final ExecutionStarter starter;
    private final TriggerMetrics metrics;
    private FileTime modified;
    private ObjectRules rules;
    private ObjectTrigger trigger;

    private ObjectRulesFile(Path file, ExecutionStarter starter, TriggerMetrics metrics) {
        this.file = file.toAbsolutePath().normalize();
        this.starter = starter;
        this.metrics = metrics;
    }

    /** Reads {@code file}; throws {@link Invalid} naming every problem when it cannot be used. */
    public static ObjectRulesFile load(Path file, ExecutionStarter starter, TriggerMetrics metrics) {
        ObjectRulesFile rules = new ObjectRulesFile(file, starter, metrics);
        rules.modified = rules.modifiedTime();
        rules.use(read(rules.file));
        return rules;
    }

    /** Reads the rules of {@code file}, or throws {@link Invalid} with one {@code FILE: /pointer: sentence} line per problem. */
    public static ObjectRules read(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new Invalid(List.of(file + ": /: cannot read the file: " + e));
        }
        try {
            return ObjectRules.parse(text);
        } catch (InvalidRulesException e) {
            // A problem with the document as a whole comes as ": sentence" (an empty pointer).
            throw new Invalid(e.problems().stream().map(p -> file + ": " + (p.startsWith(":") ? "/" + p : p)).toList());
        }
    }

    private void use(ObjectRules r) {
        this.rules = r;
        this.trigger = new ObjectTrigger(r, starter, metrics);
    }

    public Path file() {
        return file;
    }

    /** The rules in force. */
    public synchronized ObjectRules rules() {
        reloadIfChanged();
        return rules;
    }

    @Override
    public TriggerReport apply(String body) {
        ObjectTrigger current;
        synchronized (this) {
            reloadIfChanged();
            current = trigger;
        }
        return current.apply(body);
    }

    private void reloadIfChanged() {
        FileTime now = modifiedTime();
        if (now == null || now.equals(modified)) {
            return;
        }
        modified = now;
        try {
            use(read(file));
            LOG.info("object rules reloaded from " + file + ": " + rules.rules().size() + " rule(s)");
        } catch (Invalid e) {
            e.problems().forEach(p -> LOG.severe(p));
            LOG.severe("the object rules in " + file + " have problems; the previous " + rules.rules().size() + " rule(s) stay in force");
        }
    }

    private FileTime modifiedTime() {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return null; // gone for now: the rules read last stay in force
        }
    }
}
