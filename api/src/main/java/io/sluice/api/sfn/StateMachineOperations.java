package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.StateMachineVersions;
import io.sluice.api.port.StateMachines;
import io.sluice.api.port.StateMachines.Machine;
import io.sluice.api.port.StateMachines.Spec;
import io.sluice.api.tenant.Caller;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * CreateStateMachine, DescribeStateMachine, ListStateMachines, UpdateStateMachine, DeleteStateMachine and
 * ValidateStateMachineDefinition, over the {@link StateMachines} port: a state machine is a pipeline.
 */
final class StateMachineOperations {
    /** What a machine created without a role is said to run as; Sluice runs no machine as an IAM role. */
    static final String NO_ROLE = "arn:aws:iam::%s:role/sluice-local";

    private final StateMachines machines;
    private final StateMachineVersions versions;
    private final Definitions definitions;
    private final Arns arns;
    private final Clock clock;

    StateMachineOperations(StateMachines machines, StateMachineVersions versions, Arns arns, Clock clock) {
        this.machines = machines;
        this.versions = versions;
        this.definitions = new Definitions(machines);
        this.arns = arns;
        this.clock = clock;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("CreateStateMachine", this::create);
        ops.put("DescribeStateMachine", this::describe);
        ops.put("ListStateMachines", this::list);
        ops.put("UpdateStateMachine", this::update);
        ops.put("DeleteStateMachine", this::delete);
        ops.put("ValidateStateMachineDefinition", this::validate);
    }

    private JsonNode create(Caller caller, JsonNode request) {
        String name = Fields.required(request, "name");
        if (!Arns.NAME.matcher(name).matches()) {
            throw SfnError.INVALID_NAME.with("Invalid Name: '" + Arns.shown(name) + "'; a state machine's name is " + Arns.NAME_EXPECTED + ".");
        }
        Access.mayChange(caller);
        if (!caller.sees(name)) {
            throw SfnError.ACCESS_DENIED.with("A tenant creates only the state machines its entry in tenants.json lists; '" + name
                    + "' is not among them.");
        }
        String definition = Fields.required(request, "definition");
        StateMachines.Type type = type(Fields.optional(request, "type"));
        String role = roleArn(Fields.optional(request, "roleArn"));
        definitions.requireValid(name, definition);
        Map<String, String> tags = Tags.read(request.get("tags"));
        var existing = machines.find(name);
        if (existing.isPresent()) {
            Machine m = existing.get();
            if (m.type() != type || !m.definition().equals(definition) || !m.roleArn().equals(role)) {
                throw SfnError.STATE_MACHINE_ALREADY_EXISTS.with("State Machine Already Exists: '" + arns.stateMachine(name)
                        + "' with another definition, type or role; update it, or choose another name.");
            }
            return created(m, request);
        }
        return created(machines.save(new Spec(name, type, definition, role, Fields.optional(request, "description"), tags), clock.instant()),
                request);
    }

    private ObjectNode created(Machine m, JsonNode request) {
        ObjectNode out = Fields.object();
        out.put("stateMachineArn", arns.stateMachine(m.name()));
        Fields.time(out, "creationDate", m.created());
        published(m, request, out);
        return out;
    }

    /** With {@code publish: true}, publishes the machine's definition as a version and names it in {@code out}. */
    private void published(Machine m, JsonNode request, ObjectNode out) {
        if (Fields.flag(request, "publish", false)) {
            var v = versions.publish(m.name(), m.definition(), Fields.optional(request, "versionDescription"), clock.instant());
            out.put("stateMachineVersionArn", arns.stateMachine(m.name(), String.valueOf(v.number())));
        }
    }

    /** A machine's revision: changes whenever its definition does. */
    static String revision(Machine m) {
        return Integer.toHexString(m.definition().hashCode());
    }

    private JsonNode describe(Caller caller, JsonNode request) {
        Arns.MachineRef ref = arns.parseMachine(Fields.required(request, "stateMachineArn"), "stateMachineArn");
        Machine m = find(caller, ref.name());
        String definition = m.definition();
        String description = m.description();
        java.time.Instant created = m.created();
        if (ref.qualified()) {
            if (!ref.version()) {
                throw SfnError.VALIDATION.with("DescribeStateMachine takes a state machine or version ARN; describe an alias with"
                        + " DescribeStateMachineAlias.");
            }
            var v = versions.version(m.name(), Integer.parseInt(ref.qualifier())).orElseThrow(() -> SfnError.STATE_MACHINE_DOES_NOT_EXIST
                    .with("State Machine Does Not Exist: '" + arns.stateMachine(m.name(), ref.qualifier()) + "'"));
            definition = v.definition();
            description = v.description();
            created = v.created();
        }
        ObjectNode out = Fields.object();
        out.put("stateMachineArn", arns.stateMachine(m.name(), ref.qualifier())).put("name", m.name()).put("status", "ACTIVE")
                .put("definition", definition).put("roleArn", m.roleArn()).put("type", m.type().name());
        Fields.time(out, "creationDate", created);
        if (description != null) {
            out.put("description", description);
        }
        out.putObject("loggingConfiguration").put("level", "OFF").put("includeExecutionData", false);
        out.putObject("tracingConfiguration").put("enabled", false);
        out.put("revisionId", Integer.toHexString(definition.hashCode()));
        return out;
    }

    private JsonNode list(Caller caller, JsonNode request) {
        List<Machine> all = new ArrayList<>();
        for (String name : machines.names()) {
            if (caller.sees(name)) {
                machines.find(name).ifPresent(all::add);
            }
        }
        PageToken.Page<Machine> page = PageToken.page(all, Fields.optional(request, "nextToken"), Fields.maxResults(request, 100),
                "ListStateMachines");
        ObjectNode out = Fields.object();
        ArrayNode items = out.putArray("stateMachines");
        for (Machine m : page.items()) {
            ObjectNode o = items.addObject();
            o.put("stateMachineArn", arns.stateMachine(m.name())).put("name", m.name()).put("type", m.type().name());
            Fields.time(o, "creationDate", m.created());
        }
        if (page.nextToken() != null) {
            out.put("nextToken", page.nextToken());
        }
        return out;
    }

    private JsonNode update(Caller caller, JsonNode request) {
        Machine m = find(caller, request);
        Access.mayChange(caller);
        String definition = Fields.optional(request, "definition");
        String role = Fields.optional(request, "roleArn");
        if (definition == null && role == null && !request.has("loggingConfiguration") && !request.has("tracingConfiguration")) {
            throw SfnError.MISSING_REQUIRED_PARAMETER.with("Either the definition, the roleArn, the loggingConfiguration or the"
                    + " tracingConfiguration must be specified.");
        }
        if (definition != null) {
            definitions.requireValid(m.name(), definition);
        }
        Machine saved = machines.save(new Spec(m.name(), m.type(), Objects.requireNonNullElse(definition, m.definition()),
                role == null ? m.roleArn() : roleArn(role), Objects.requireNonNullElse(Fields.optional(request, "description"),
                m.description() == null ? "" : m.description()), m.tags()), clock.instant());
        ObjectNode out = Fields.object();
        Fields.time(out, "updateDate", saved.updated());
        out.put("revisionId", revision(saved));
        published(saved, request, out);
        return out;
    }

    private JsonNode delete(Caller caller, JsonNode request) {
        Arns.MachineRef ref = arns.parseMachine(Fields.required(request, "stateMachineArn"), "stateMachineArn");
        Access.sees(caller, ref.name(), SfnError.STATE_MACHINE_DOES_NOT_EXIST, "State Machine '" + arns.stateMachine(ref.name()) + "'");
        Access.mayChange(caller);
        machines.delete(ref.name());
        return Fields.object();
    }

    private JsonNode validate(Caller caller, JsonNode request) {
        String definition = Fields.required(request, "definition");
        type(Fields.optional(request, "type"));
        List<Definitions.Diagnostic> diagnostics = definitions.diagnose("definition", definition);
        int max = Fields.maxResults(request, 100);
        ObjectNode out = Fields.object();
        out.put("result", diagnostics.stream().anyMatch(d -> d.severity().equals("ERROR")) ? "FAIL" : "OK");
        out.set("diagnostics", Definitions.diagnostics(diagnostics.subList(0, Math.min(max, diagnostics.size()))));
        out.put("truncated", diagnostics.size() > max);
        return out;
    }

    /** The machine the request's {@code stateMachineArn} names, as the caller sees it. */
    Machine find(Caller caller, JsonNode request) {
        Arns.MachineRef ref = arns.parseMachine(Fields.required(request, "stateMachineArn"), "stateMachineArn");
        return find(caller, ref.name());
    }

    Machine find(Caller caller, String name) {
        String arn = arns.stateMachine(name);
        Access.sees(caller, name, SfnError.STATE_MACHINE_DOES_NOT_EXIST, "State Machine '" + arn + "'");
        return machines.find(name).orElseThrow(() -> SfnError.STATE_MACHINE_DOES_NOT_EXIST.with("State Machine Does Not Exist: '" + arn + "'"));
    }

    private static StateMachines.Type type(String text) {
        if (text == null) {
            return StateMachines.Type.STANDARD;
        }
        try {
            return StateMachines.Type.valueOf(text);
        } catch (IllegalArgumentException e) {
            throw SfnError.VALIDATION.with("1 validation error detected: Value '" + Arns.shown(text) + "' at 'type' failed to satisfy"
                    + " constraint: Member must satisfy enum value set: [STANDARD, EXPRESS]");
        }
    }

    private String roleArn(String role) {
        if (role == null) {
            return String.format(NO_ROLE, arns.account());
        }
        if (!role.startsWith("arn:")) {
            throw SfnError.INVALID_ARN.with("Invalid Arn: '" + Arns.shown(role) + "' (roleArn); expected an IAM role ARN, arn:aws:iam::<account>:role/<name>.");
        }
        return role;
    }
}
