package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.port.StateMachineVersions;
import io.sluice.api.tenant.Caller;
import java.util.List;
import java.util.Map;

/**
 * DeleteStateMachineVersion and DeleteStateMachineAlias, as the AWS Step Functions API reference describes them: a
 * version referenced by an alias cannot be deleted ({@code ConflictException}), deleting a version that is not there
 * succeeds (the operation lists no ResourceNotFound), an alias that is not there is {@code ResourceNotFound}, and
 * deleting an alias leaves its versions. Both answer an empty object; executions already running go on.
 */
final class VersionDeletions {
    private final StateMachineOperations machines;
    private final StateMachineVersions versions;
    private final Arns arns;

    VersionDeletions(StateMachineOperations machines, StateMachineVersions versions, Arns arns) {
        this.machines = machines;
        this.versions = versions;
        this.arns = arns;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("DeleteStateMachineVersion", this::deleteVersion);
        ops.put("DeleteStateMachineAlias", this::deleteAlias);
    }

    private JsonNode deleteVersion(Caller caller, JsonNode request) {
        Arns.MachineRef ref = arns.parseMachine(Fields.required(request, "stateMachineVersionArn"), "stateMachineVersionArn");
        if (!ref.version()) {
            throw SfnError.VALIDATION.with("'stateMachineVersionArn' must name a version: arn:aws:states:<region>:<account>:stateMachine:<name>:<version number>.");
        }
        machines.find(caller, ref.name());
        Access.mayChange(caller);
        int number = Integer.parseInt(ref.qualifier());
        List<String> referencing = versions.aliases(ref.name()).stream()
                .filter(a -> a.routes().stream().anyMatch(r -> r.version() == number)).map(StateMachineVersions.Alias::name).toList();
        if (!referencing.isEmpty()) {
            throw SfnError.CONFLICT.with("Version " + number + " of '" + arns.stateMachine(ref.name()) + "' is referenced by alias(es) "
                    + String.join(", ", referencing) + "; delete them or point them to another version first.");
        }
        versions.deleteVersion(ref.name(), number);
        return Fields.object();
    }

    private JsonNode deleteAlias(Caller caller, JsonNode request) {
        Arns.MachineRef ref = arns.parseMachine(Fields.required(request, "stateMachineAliasArn"), "stateMachineAliasArn");
        if (!ref.qualified() || ref.version()) {
            throw SfnError.INVALID_ARN.with("Invalid Arn: 'stateMachineAliasArn' must name an alias: arn:aws:states:<region>:<account>:"
                    + "stateMachine:<name>:<alias>.");
        }
        machines.find(caller, ref.name());
        Access.mayChange(caller);
        if (!versions.deleteAlias(ref.name(), ref.qualifier())) {
            throw SfnError.RESOURCE_NOT_FOUND.with("Resource not found: alias '" + arns.stateMachine(ref.name(), ref.qualifier()) + "' does not exist.");
        }
        return Fields.object();
    }
}
