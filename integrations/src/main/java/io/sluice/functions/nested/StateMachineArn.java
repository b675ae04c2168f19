package io.sluice.functions.nested;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A state machine's ARN as a Task names it ({@code arn:aws:states:us-east-1:123456789012:stateMachine:orders},
 * with or without a {@code :version} or {@code :alias}): its name is the Sluice pipeline it runs, of the
 * caller's tenant; region and account are kept only to answer with ARNs in the same shape. A bare
 * pipeline id is accepted too, as {@code arn:aws:states:local:000000000000:stateMachine:<id>}.
 */
public record StateMachineArn(String partition, String region, String account, String pipeline) {
    private static final String ID = "[A-Za-z0-9_.@-]{1,80}";
    private static final Pattern ARN = Pattern.compile("arn:(aws(?:-[a-z]+)*):states:([a-z0-9-]+):([0-9]{12}):stateMachine:(" + ID
            + ")(?::[A-Za-z0-9_$.-]+)?");
    private static final Pattern BARE = Pattern.compile(ID);

    public static Optional<StateMachineArn> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = ARN.matcher(text);
        if (m.matches()) {
            return Optional.of(new StateMachineArn(m.group(1), m.group(2), m.group(3), m.group(4)));
        }
        return BARE.matcher(text).matches() ? Optional.of(new StateMachineArn("aws", "local", "000000000000", text)) : Optional.empty();
    }

    public String text() {
        return "arn:" + partition + ":states:" + region + ":" + account + ":stateMachine:" + pipeline;
    }

    /** The ARN of this machine's execution named {@code name}, as StartExecution returns it. */
    public String executionArn(String name) {
        return "arn:" + partition + ":states:" + region + ":" + account + ":execution:" + pipeline + ":" + name;
    }

    /** The ARN of child {@code name} of a map run of this machine's Map state labelled {@code label}. */
    public String mapRunChildArn(String label, String name) {
        return "arn:" + partition + ":states:" + region + ":" + account + ":execution:" + pipeline + "/" + label + ":" + name;
    }

    /** The ARN of a map run of this machine's execution, as a distributed Map reports it. */
    public String mapRunArn(String label, String runId) {
        return "arn:" + partition + ":states:" + region + ":" + account + ":mapRun:" + pipeline + "/" + label + ":" + runId;
    }
}
