package io.sluice.api.sfn;

import io.sluice.orchestration.path.RandomSource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.StateMachineVersions;
import io.sluice.api.port.StateMachineVersions.Alias;
import io.sluice.api.port.StateMachineVersions.Route;
import io.sluice.api.port.StateMachineVersions.Version;
import io.sluice.api.port.StateMachines.Machine;
import io.sluice.api.tenant.Caller;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * PublishStateMachineVersion, ListStateMachineVersions, and the aliases (Create/Describe/Update/ListStateMachineAliases):
 * a version is an immutable snapshot of a machine's definition, an alias routes starts to one version or, by weight,
 * between two. Starting a version or an alias ARN runs that version's definition ({@link #definitionFor}).
 */
final class VersionOperations {
    private final StateMachineVersions versions;
    private final StateMachineOperations machines;
    private final Arns arns;
    private final Clock clock;
    private final RandomSource random;

    VersionOperations(StateMachineVersions versions, StateMachineOperations machines, Arns arns, Clock clock, RandomSource random) {
        this.random = random;
        this.versions = versions;
        this.machines = machines;
        this.arns = arns;
        this.clock = clock;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("PublishStateMachineVersion", this::publish);
        ops.put("ListStateMachineVersions", this::listVersions);
        ops.put("CreateStateMachineAlias", this::createAlias);
        ops.put("DescribeStateMachineAlias", this::describeAlias);
        ops.put("UpdateStateMachineAlias", this::updateAlias);
        ops.put("ListStateMachineAliases", this::listAliases);
    }

    /** Publishes the machine's current definition; the version's ARN. */
    String publish(Machine m, String description) {
        Version v = versions.publish(m.name(), m.definition(), description, clock.instant());
        return arns.stateMachine(m.name(), String.valueOf(v.number()));
    }

    private JsonNode publish(Caller caller, JsonNode request) {
        Machine m = machines.find(caller, unqualified(request, "stateMachineArn").name());
        Access.mayChange(caller);
        String revision = Fields.optional(request, "revisionId");
        if (revision != null && !revision.equals(StateMachineOperations.revision(m))) {
            throw SfnError.CONFLICT.with("The revisionId " + Arns.shown(revision) + " is not the machine's current one ("
                    + StateMachineOperations.revision(m) + "); describe it again and publish what you saw.");
        }
        String arn = publish(m, Fields.optional(request, "description"));
        Version v = versions.version(m.name(), Integer.parseInt(arn.substring(arn.lastIndexOf(':') + 1))).orElseThrow();
        ObjectNode out = Fields.object();
        Fields.time(out, "creationDate", v.created());
        out.put("stateMachineVersionArn", arn);
        return out;
    }

    private JsonNode listVersions(Caller caller, JsonNode request) {
        Machine m = machines.find(caller, unqualified(request, "stateMachineArn").name());
        PageToken.Page<Version> page = PageToken.page(versions.versions(m.name()), Fields.optional(request, "nextToken"),
                Fields.maxResults(request, 100), "ListStateMachineVersions " + m.name());
        ObjectNode out = Fields.object();
        ArrayNode items = out.putArray("stateMachineVersions");
        for (Version v : page.items()) {
            ObjectNode o = items.addObject().put("stateMachineVersionArn", arns.stateMachine(m.name(), String.valueOf(v.number())));
            Fields.time(o, "creationDate", v.created());
        }
        if (page.nextToken() != null) {
            out.put("nextToken", page.nextToken());
        }
        return out;
    }

    private JsonNode createAlias(Caller caller, JsonNode request) {
        String name = Fields.required(request, "name");
        if (!Arns.NAME.matcher(name).matches() || name.chars().allMatch(Character::isDigit)) {
            throw SfnError.INVALID_NAME.with("Invalid Name: '" + Arns.shown(name) + "'; an alias's name is " + Arns.NAME_EXPECTED
                    + ", not all digits (those name versions).");
        }
        Routing routing = routing(caller, request.get("routingConfiguration"));
        Access.mayChange(caller);
        String description = Fields.optional(request, "description");
        var existing = versions.alias(routing.machine(), name);
        if (existing.isPresent()) {
            if (!existing.get().routes().equals(routing.routes())) {
                throw SfnError.CONFLICT.with("Alias '" + arns.stateMachine(routing.machine(), name) + "' exists with another routing;"
                        + " update it with UpdateStateMachineAlias.");
            }
            return aliasCreated(routing.machine(), existing.get());
        }
        var now = clock.instant();
        return aliasCreated(routing.machine(), versions.saveAlias(routing.machine(), new Alias(name, description, routing.routes(), now, now)));
    }

    private ObjectNode aliasCreated(String machine, Alias a) {
        ObjectNode out = Fields.object();
        out.put("stateMachineAliasArn", arns.stateMachine(machine, a.name()));
        Fields.time(out, "creationDate", a.created());
        return out;
    }

    private JsonNode describeAlias(Caller caller, JsonNode request) {
        Arns.MachineRef ref = aliasRef(request);
        Alias a = alias(caller, ref);
        ObjectNode out = Fields.object();
        out.put("stateMachineAliasArn", arns.stateMachine(ref.name(), a.name())).put("name", a.name());
        if (a.description() != null) {
            out.put("description", a.description());
        }
        ArrayNode routes = out.putArray("routingConfiguration");
        a.routes().forEach(r -> routes.addObject().put("stateMachineVersionArn", arns.stateMachine(ref.name(), String.valueOf(r.version())))
                .put("weight", r.weight()));
        Fields.time(out, "creationDate", a.created());
        Fields.time(out, "updateDate", a.updated());
        return out;
    }

    private JsonNode updateAlias(Caller caller, JsonNode request) {
        Arns.MachineRef ref = aliasRef(request);
        Alias a = alias(caller, ref);
        Access.mayChange(caller);
        List<Route> routes = a.routes();
        if (request.hasNonNull("routingConfiguration")) {
            Routing routing = routing(caller, request.get("routingConfiguration"));
            if (!routing.machine().equals(ref.name())) {
                throw SfnError.VALIDATION.with("An alias routes to versions of its own state machine, '" + arns.stateMachine(ref.name()) + "'.");
            }
            routes = routing.routes();
        }
        String description = request.has("description") ? Fields.optional(request, "description") : a.description();
        Alias saved = versions.saveAlias(ref.name(), new Alias(a.name(), description, routes, a.created(), clock.instant()));
        ObjectNode out = Fields.object();
        Fields.time(out, "updateDate", saved.updated());
        return out;
    }

    private JsonNode listAliases(Caller caller, JsonNode request) {
        Machine m = machines.find(caller, unqualified(request, "stateMachineArn").name());
        ObjectNode out = Fields.object();
        ArrayNode items = out.putArray("stateMachineAliases");
        for (Alias a : versions.aliases(m.name())) {
            Fields.time(items.addObject().put("stateMachineAliasArn", arns.stateMachine(m.name(), a.name())), "creationDate", a.created());
        }
        return out;
    }

    /** The definition a start of a version or alias ARN runs: the version's, or one of the alias's versions by weight. */
    Version definitionFor(Caller caller, Arns.MachineRef ref) {
        machines.find(caller, ref.name());
        int number;
        if (ref.version()) {
            number = Integer.parseInt(ref.qualifier());
        } else {
            Alias a = alias(caller, ref);
            int roll = (int) (random.nextDouble() * 100);
            number = a.routes().getLast().version();
            int sum = 0;
            for (Route r : a.routes()) {
                sum += r.weight();
                if (roll < sum) {
                    number = r.version();
                    break;
                }
            }
        }
        int n = number;
        return versions.version(ref.name(), n).orElseThrow(() -> SfnError.RESOURCE_NOT_FOUND.with("Resource not found: version " + n
                + " of '" + arns.stateMachine(ref.name()) + "' does not exist."));
    }

    private Alias alias(Caller caller, Arns.MachineRef ref) {
        machines.find(caller, ref.name());
        return versions.alias(ref.name(), ref.qualifier()).orElseThrow(() -> SfnError.RESOURCE_NOT_FOUND.with("Resource not found: alias '"
                + arns.stateMachine(ref.name(), ref.qualifier()) + "' does not exist."));
    }

    private Arns.MachineRef aliasRef(JsonNode request) {
        Arns.MachineRef ref = arns.parseMachine(Fields.required(request, "stateMachineAliasArn"), "stateMachineAliasArn");
        if (!ref.qualified() || ref.version()) {
            throw SfnError.INVALID_ARN.with("Invalid Arn: 'stateMachineAliasArn' must name an alias: arn:aws:states:<region>:<account>:"
                    + "stateMachine:<name>:<alias>.");
        }
        return ref;
    }

    private Arns.MachineRef unqualified(JsonNode request, String field) {
        Arns.MachineRef ref = arns.parseMachine(Fields.required(request, field), field);
        if (ref.qualified()) {
            throw SfnError.VALIDATION.with("'" + field + "' must be the state machine's own ARN, without a version or an alias.");
        }
        return ref;
    }

    private record Routing(String machine, List<Route> routes) {}

    /** One or two versions of one machine, whose weights add up to 100. */
    private Routing routing(Caller caller, JsonNode config) {
        if (config == null || !config.isArray() || config.isEmpty() || config.size() > 2) {
            throw SfnError.VALIDATION.with("'routingConfiguration' must list one or two {stateMachineVersionArn, weight}.");
        }
        String machine = null;
        List<Route> routes = new ArrayList<>();
        int total = 0;
        for (JsonNode r : config) {
            Arns.MachineRef ref = arns.parseMachine(Fields.required(r, "stateMachineVersionArn"), "routingConfiguration.stateMachineVersionArn");
            if (!ref.version()) {
                throw SfnError.VALIDATION.with("An alias routes to versions: '" + arns.stateMachine(ref.name(), ref.qualifier())
                        + "' is not one (arn:...:stateMachine:<name>:<version number>).");
            }
            if (machine != null && !machine.equals(ref.name())) {
                throw SfnError.VALIDATION.with("An alias routes to versions of one state machine; these are of '" + machine + "' and '"
                        + ref.name() + "'.");
            }
            machine = ref.name();
            machines.find(caller, machine);
            int number = Integer.parseInt(ref.qualifier());
            if (versions.version(machine, number).isEmpty()) {
                throw SfnError.RESOURCE_NOT_FOUND.with("Resource not found: version " + number + " of '" + arns.stateMachine(machine)
                        + "' does not exist; publish it first.");
            }
            if (!r.path("weight").canConvertToInt() || r.get("weight").asInt() < 0 || r.get("weight").asInt() > 100) {
                throw SfnError.VALIDATION.with("Each route's 'weight' is a whole number from 0 to 100.");
            }
            total += r.get("weight").asInt();
            routes.add(new Route(number, r.get("weight").asInt()));
        }
        if (total != 100) {
            throw SfnError.VALIDATION.with("The weights of an alias's routes add up to 100; these add up to " + total + ".");
        }
        return new Routing(machine, routes);
    }
}
