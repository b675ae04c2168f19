package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.StateMachines;
import io.sluice.api.port.StateMachines.Machine;
import io.sluice.api.tenant.Caller;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/** TagResource, UntagResource and ListTagsForResource, on state machines: their tags are kept with what the API records of them. */
final class TagOperations {
    private final StateMachines machines;
    private final StateMachineOperations lookups;
    private final Arns arns;
    private final Clock clock;

    TagOperations(StateMachines machines, StateMachineOperations lookups, Arns arns, Clock clock) {
        this.machines = machines;
        this.lookups = lookups;
        this.arns = arns;
        this.clock = clock;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("TagResource", this::tag);
        ops.put("UntagResource", this::untag);
        ops.put("ListTagsForResource", this::list);
    }

    private Machine machine(Caller caller, JsonNode request) {
        String arn = Fields.required(request, "resourceArn");
        if (!arns.kind(arn, "resourceArn").equals("stateMachine")) {
            throw SfnError.RESOURCE_NOT_FOUND.with("Resource not found: '" + Arns.shown(arn) + "'; Sluice keeps tags of state machines only.");
        }
        return lookups.find(caller, arns.parseMachine(arn, "resourceArn").name());
    }

    private JsonNode tag(Caller caller, JsonNode request) {
        Machine m = machine(caller, request);
        Access.mayChange(caller);
        Map<String, String> tags = new LinkedHashMap<>(m.tags());
        tags.putAll(Tags.read(request.get("tags")));
        if (tags.size() > 50) {
            throw SfnError.VALIDATION.with("A resource has at most 50 tags; it would have " + tags.size() + ".");
        }
        save(m, tags);
        return Fields.object();
    }

    private JsonNode untag(Caller caller, JsonNode request) {
        Machine m = machine(caller, request);
        Access.mayChange(caller);
        Map<String, String> tags = new LinkedHashMap<>(m.tags());
        JsonNode keys = request.path("tagKeys");
        if (!keys.isArray()) {
            throw SfnError.MISSING_REQUIRED_PARAMETER.with("'tagKeys' is required: the keys of the tags to remove.");
        }
        keys.forEach(k -> tags.remove(k.asText()));
        save(m, tags);
        return Fields.object();
    }

    private JsonNode list(Caller caller, JsonNode request) {
        ObjectNode out = Fields.object();
        out.set("tags", Tags.write(machine(caller, request).tags()));
        return out;
    }

    private void save(Machine m, Map<String, String> tags) {
        machines.save(new StateMachines.Spec(m.name(), m.type(), m.definition(), m.roleArn(), m.description(), tags), clock.instant());
    }
}
