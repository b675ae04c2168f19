package io.sluice.orchestration.path;

/** A path or intrinsic function call that does not parse; the validator turns it into a problem. */
public final class PathSyntaxException extends IllegalArgumentException {
    private final String text;

    public PathSyntaxException(String text, String reason) {
        super("'" + text + "' is not a valid path: " + reason);
        this.text = text;
    }

    public String text() {
        return text;
    }
}
