package io.sluice.functions.nested;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.ReportsLater;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionLinks;
import io.sluice.orchestration.port.ExecutionLinks.Kind;
import io.sluice.orchestration.port.ExecutionLinks.Link;
import java.time.Clock;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * The {@code executions} function: {@code arn:aws:states:::states:startExecution} in every
 * pattern, as a child execution in Sluice itself. Parameters as Step Functions takes them:
 * {@code StateMachineArn} (its name is a pipeline of the caller's tenant), {@code Input} (JSON, or JSON
 * text) and {@code Name} (default: a UUID derived from the task token, so a redelivered dispatch starts no
 * second child). The child is linked to the task before it starts; a name some other task's child holds is
 * {@code StepFunctions.ExecutionAlreadyExistsException}.
 *
 * <p>Request-response answers {@code {ExecutionArn, StartDate}} at once; {@code .waitForTaskToken} too, and
 * the child calls back with the token it was given. With {@code .sync} and {@code .sync:2} the task ends when
 * the child does, reported by {@link ChildCompletions} from the child's completion event: the parent waits
 * durably, holding nothing but its token. As in Step Functions, the child sees
 * {@code AWS_STEP_FUNCTIONS_STARTED_BY_EXECUTION_ID} only when the parent passes it in {@code Input}
 * ({@code "AWS_STEP_FUNCTIONS_STARTED_BY_EXECUTION_ID.$": "$$.Execution.Id"}), in {@code $$.Execution.Input}.
 */
public final class StartExecution implements ReportsLater {
    public static final String NAME = TaskResource.EXECUTIONS_FUNCTION;
    public static final String INVALID_ARN = "StepFunctions.InvalidArnException";
    public static final String DOES_NOT_EXIST = "StepFunctions.StateMachineDoesNotExistException";
    public static final String ALREADY_EXISTS = "StepFunctions.ExecutionAlreadyExistsException";
    public static final String INVALID_NAME = "StepFunctions.InvalidNameException";
    public static final String INVALID_INPUT = "StepFunctions.InvalidExecutionInputException";
    private static final Pattern EXECUTION_NAME = Pattern.compile("[A-Za-z0-9_.:@-]{1,80}");

    private final PipelineDefinitions pipelines;
    private final PipelineStarter.Launch launch;
    private final ExecutionLinks links;
    private final Tenancy tenancy;
    private final Clock clock;
    private final Duration keepLinks;

    /** @param keepLinks how long the parent/child link is kept (it must outlive the child) */
    public StartExecution(PipelineDefinitions pipelines, PipelineStarter.Launch launch, ExecutionLinks links, Tenancy tenancy,
                          Clock clock, Duration keepLinks) {
        this.pipelines = pipelines;
        this.launch = launch;
        this.links = links;
        this.tenancy = tenancy;
        this.clock = clock;
        this.keepLinks = keepLinks;
    }

    @Override
    public boolean reportsLater(TaskContext task) {
        return task.pattern() == IntegrationPattern.SYNC;
    }

    @Override
    public JsonNode apply(JsonNode input, TaskContext task) {
        String token = task.requireToken(NAME);
        JsonNode given = input.path("StateMachineArn");
        StateMachineArn arn = StateMachineArn.parse(given.isTextual() ? given.asText() : null).orElseThrow(() -> new TaskError(
                INVALID_ARN, "Invalid Arn: '" + given.asText(given.toString()) + "'; StateMachineArn must be a state machine's ARN, "
                + "arn:aws:states:<region>:<account>:stateMachine:<pipeline>.", false));
        String pipeline = arn.pipeline();
        if (!tenancy.owns(task.owner().requireData("start an execution of '" + pipeline + "'"), pipeline)) {
            throw doesNotExist(arn); // another tenant's pipeline is answered as a missing one: names do not leak
        }
        Definition definition = switch (pipelines.find(pipeline)) {
            case PipelineDefinitions.Lookup.Found f -> f.definition();
            case PipelineDefinitions.Lookup.Unavailable u -> throw doesNotExist(arn);
        };
        String name = name(input.get("Name"), token);
        JsonNode childInput = childInput(input.get("Input"));
        String childId = Orchestrator.executionId(pipeline, name);
        Link mine = new Link(childId, task.executionId(), token, kind(task), arn.text());
        Link linked = links.link(mine, clock.instant().plus(keepLinks));
        if (!linked.parentToken().equals(token)) {
            throw new TaskError(ALREADY_EXISTS, "Execution Already Exists: '" + arn.executionArn(name) + "'; another task started an "
                    + "execution of that name. Names are unique per state machine: choose another Name, or leave it out.", false);
        }
        StartResult result = launch.start(pipeline, name, definition, childInput);
        return switch (result) {
            case StartResult.Existing e -> ExecutionDescriptions.started(arn.executionArn(name), e.execution().startTime());
            case StartResult.Refused r -> throw doesNotExist(arn);
        };
    }

    private static Kind kind(TaskContext task) {
        return switch (task.pattern()) {
            case REQUEST_RESPONSE -> Kind.REQUEST_RESPONSE;
            case WAIT_FOR_TASK_TOKEN -> Kind.CALLBACK;
            case SYNC -> task.resource() != null && task.resource().endsWith(".sync:2") ? Kind.SYNC_JSON : Kind.SYNC;
        };
    }

    private static TaskError doesNotExist(StateMachineArn arn) {
        return new TaskError(DOES_NOT_EXIST, "State Machine Does Not Exist: '" + arn.text() + "'; no pipeline '" + arn.pipeline()
                + "' of this tenant is deployed and valid.", false);
    }

    private static String name(JsonNode name, String token) {
        if (name == null || name.isNull()) {
            return ChildNames.of(token);
        }
        if (!name.isTextual() || !EXECUTION_NAME.matcher(name.asText()).matches()) {
            throw new TaskError(INVALID_NAME, "Invalid Name: '" + name.asText(name.toString()) + "'; an execution name is 1-80 "
                    + "letters, digits and _ . : @ -.", false);
        }
        return name.asText();
    }

    /** Input as JSON, or JSON text (as the StartExecution API takes it); none is {@code {}}. */
    private static JsonNode childInput(JsonNode input) {
        if (input == null || input.isNull()) {
            return Json.object();
        }
        if (!input.isTextual()) {
            return input;
        }
        try {
            JsonNode parsed = Json.parse(input.asText());
            if (parsed != null && !parsed.isMissingNode()) {
                return parsed;
            }
        } catch (IllegalArgumentException e) {
            // not JSON: reported below
        }
        throw new TaskError(INVALID_INPUT, "Invalid Input: Input is text that is not JSON; give a JSON value, or JSON text "
                + "such as \"{\\\"id\\\": 1}\".", false);
    }
}
