package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.validation.DefinitionValidator;
import io.sluice.orchestration.validation.Problem;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Reads definition files and reports their problems in the CLI's {@code FILE: /pointer: sentence} form. */
final class DefinitionFiles {
    private DefinitionFiles() {}

    /** The loaded definition, or {@code null} after printing every problem (warnings are printed too). */
    static Definition load(String file, PrintStream err) {
        JsonNode json = readJson(file, err);
        return json == null ? null : check(file, json, err);
    }

    /**
     * The definition {@code json} holds, or {@code null} after printing every problem; warnings are
     * printed too. A definition the validator accepts always parses; should one ever not, that is a
     * bug in Sluice, reported as one problem line rather than a stack trace.
     */
    static Definition check(String file, JsonNode json, PrintStream err) {
        return check(file, json, err, Platform.LOCAL);
    }

    /** As {@link #check(String, JsonNode, PrintStream)}, warning of the states that cannot run on {@code platform}. */
    static Definition check(String file, JsonNode json, PrintStream err, Platform platform) {
        List<Problem> problems = DefinitionValidator.validate(json, platform);
        for (Problem p : problems) {
            String pointer = p.pointer().isEmpty() ? "/" : p.pointer();
            String prefix = p.severity() == Problem.Severity.WARNING ? "warning: " : "";
            err.println(file + ": " + pointer + ": " + prefix + p.message());
        }
        if (!DefinitionValidator.isValid(problems)) {
            return null;
        }
        try {
            return DefinitionParser.parse(json);
        } catch (RuntimeException e) {
            err.println(file + ": /: The validator accepted this definition but Sluice could not build it (" + e
                    + "); this is a bug in Sluice, please report it with the file.");
            return null;
        }
    }

    /** The file's JSON, or {@code null} after printing why it could not be had. */
    static JsonNode readJson(String file, PrintStream err) {
        try {
            return Json.parse(Files.readString(Path.of(file)));
        } catch (NoSuchFileException e) {
            err.println(file + ": /: no such file");
        } catch (IOException e) {
            err.println(file + ": /: cannot read the file: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            err.println(file + ": /: " + e.getMessage());
        }
        return null;
    }

    /** The state machine a file holds is named after it: {@code orders.asl.json} is {@code orders}. */
    static String machineName(String file) {
        String base = java.nio.file.Path.of(file).getFileName().toString().replaceFirst("(\\.asl)?\\.json$", "");
        String safe = base.replaceAll("[^A-Za-z0-9_.@-]", "_");
        return safe.isEmpty() ? "local-exec" : safe;
    }
}
