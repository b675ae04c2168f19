package io.sluice.orchestration.validation;

import java.util.ArrayList;
import java.util.List;

/** Collects problems as the rules find them; the rules never stop at the first one. */
final class Report {
    private final List<Problem> problems = new ArrayList<>();

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
