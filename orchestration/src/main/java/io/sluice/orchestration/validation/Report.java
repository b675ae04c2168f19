package io.sluice.orchestration.validation;

import io.sluice.orchestration.integration.Platform;
import java.util.ArrayList;
import java.util.List;

/** Collects problems as the rules find them; the rules never stop at the first one. */
final class Report {
    private final List<Problem> problems = new ArrayList<>();
    private final Platform platform;

    Report(Platform platform) {
        this.platform = platform;
    }

    /** The platform the definition is validated for: what cannot run there is a warning. */
    Platform platform() {
        return platform;
    }

    void error(Pointer at, String message) {
        problems.add(new Problem(at.text(), message, Problem.Severity.ERROR));
    }

    void warning(Pointer at, String message) {
        problems.add(new Problem(at.text(), message, Problem.Severity.WARNING));
    }

    int size() {
        return problems.size();
    }

    List<Problem> problems() {
        return problems;
    }
}
