package io.sluice.api.sfn;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ARNs the API hands out and reads back, as Step Functions forms them:
 * {@code arn:aws:states:<region>:<account>:stateMachine:<name>[:<version>|:<alias>]},
 * {@code ...:execution:<machine>:<name>} and {@code ...:activity:<name>}. A state machine is a pipeline and its
 * name is the pipeline's id; an execution's id in the runtime is {@code <machine>:<name>}, so its ARN is stable for as
 * long as the execution is kept, across restarts.
 *
 * @param region  the region named in every ARN ({@code sluice.sfn-api.region})
 * @param account the account named in every ARN ({@code sluice.sfn-api.account})
 */
public record Arns(String region, String account) {
    /** A pipeline id, which is what a state machine's name is here. */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,80}");
    static final String NAME_EXPECTED = "1-80 letters, digits and _ . -";
    private static final Pattern ARN = Pattern.compile("arn:aws[a-z-]*:states:([a-z0-9-]*):([0-9]*):(stateMachine|execution|activity|express):(.+)");

    /** A state machine, possibly qualified by a version number or an alias name. */
    public record MachineRef(String name, String qualifier) {
        boolean qualified() {
            return qualifier != null;
        }

        boolean version() {
            return qualifier != null && qualifier.chars().allMatch(Character::isDigit);
        }
    }

    /** An execution: the machine it ran and its name. */
    public record ExecutionRef(String machine, String name) {
        public String executionId() {
            return machine + ":" + name;
        }
    }

    public String stateMachine(String name) {
        return prefix() + "stateMachine:" + name;
    }

    public String stateMachine(String name, String qualifier) {
        return qualifier == null ? stateMachine(name) : stateMachine(name) + ":" + qualifier;
    }

    public String execution(String machine, String name) {
        return prefix() + "execution:" + machine + ":" + name;
    }

    /** The ARN of a runtime execution id ({@code <machine>:<name>}). */
    public String executionOfId(String executionId) {
        return prefix() + "execution:" + executionId;
    }

    /** An EXPRESS execution run by StartSyncExecution; the service keeps no record of those, nor does Sluice. */
    public String express(String machine, String name, String run) {
        return prefix() + "express:" + machine + ":" + name + ":" + run;
    }

    public String activity(String name) {
        return prefix() + "activity:" + name;
    }

    private String prefix() {
        return "arn:aws:states:" + region + ":" + account + ":";
    }

    /** Reads a state machine ARN; throws {@code InvalidArn} naming {@code field} when it is none. */
    public MachineRef parseMachine(String arn, String field) {
        String rest = resource(arn, "stateMachine", field);
        int colon = rest.indexOf(':');
        String name = colon < 0 ? rest : rest.substring(0, colon);
        String qualifier = colon < 0 ? null : rest.substring(colon + 1);
        if (!NAME.matcher(name).matches() || qualifier != null && !NAME.matcher(qualifier).matches()) {
            throw invalid(arn, field, "stateMachine");
        }
        return new MachineRef(name, qualifier);
    }

    /** Reads an execution ARN; throws {@code InvalidArn} naming {@code field} when it is none. */
    public ExecutionRef parseExecution(String arn, String field) {
        String rest = resource(arn, "execution", field);
        int colon = rest.indexOf(':');
        if (colon <= 0 || colon == rest.length() - 1 || !NAME.matcher(rest.substring(0, colon)).matches()) {
            throw invalid(arn, field, "execution");
        }
        return new ExecutionRef(rest.substring(0, colon), rest.substring(colon + 1));
    }

    /** Reads an activity ARN. */
    public String activityName(String arn, String field) {
        String name = resource(arn, "activity", field);
        if (!NAME.matcher(name).matches()) {
            throw invalid(arn, field, "activity");
        }
        return name;
    }

    /** What kind of resource an ARN names ({@code stateMachine}, {@code execution}, {@code activity}), or throws. */
    public String kind(String arn, String field) {
        Matcher m = matcher(arn, field, "a Step Functions resource");
        return m.group(3);
    }

    private String resource(String arn, String kind, String field) {
        Matcher m = matcher(arn, field, kind);
        if (!m.group(3).equals(kind)) {
            throw invalid(arn, field, kind);
        }
        return m.group(4);
    }

    private Matcher matcher(String arn, String field, String kind) {
        if (arn == null) {
            throw SfnError.INVALID_ARN.with("Invalid Arn: '" + field + "' is missing; expected an ARN of a " + kind + ".");
        }
        Matcher m = ARN.matcher(arn);
        if (!m.matches()) {
            throw invalid(arn, field, kind);
        }
        if (!m.group(1).equals(region) || !m.group(2).equals(account)) {
            throw SfnError.INVALID_ARN.with("Invalid Arn: '" + shown(arn) + "' (" + field + ") names region '" + m.group(1)
                    + "' and account '" + m.group(2) + "'; this endpoint serves region '" + region + "', account '" + account + "'.");
        }
        return m;
    }

    private static SfnException invalid(String arn, String field, String kind) {
        return SfnError.INVALID_ARN.with("Invalid Arn: '" + shown(arn) + "' (" + field + "); expected arn:aws:states:<region>:<account>:"
                + kind + ":" + (kind.equals("execution") ? "<machine>:<name>" : "<name>") + ", a name being " + NAME_EXPECTED + ".");
    }

    static String shown(String text) {
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
