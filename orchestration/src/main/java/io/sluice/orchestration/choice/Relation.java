package io.sluice.orchestration.choice;

/** How the two sides of a comparison must relate; the suffix of the operator name. */
public enum Relation {
    EQUALS("Equals"),
    LESS_THAN("LessThan"),
    GREATER_THAN("GreaterThan"),
    LESS_THAN_EQUALS("LessThanEquals"),
    GREATER_THAN_EQUALS("GreaterThanEquals");

    private final String suffix;

    Relation(String suffix) {
        this.suffix = suffix;
    }

    /** The part of the operator name after the type, e.g. {@code LessThanEquals}. */
    public String suffix() {
        return suffix;
    }

    /** Whether a {@code compare} result (negative, zero, positive) satisfies this relation. */
    public boolean holds(int comparison) {
        return switch (this) {
            case EQUALS -> comparison == 0;
            case LESS_THAN -> comparison < 0;
            case GREATER_THAN -> comparison > 0;
            case LESS_THAN_EQUALS -> comparison <= 0;
            case GREATER_THAN_EQUALS -> comparison >= 0;
        };
    }
}
