package io.sluice.api.sfn;

/**
 * The error codes the Step Functions API answers with, as the service names them (the {@code __type} of an
 * error body) and with the service's HTTP status: every client error is a 400 there, whatever its kind.
 */
public enum SfnError {
    ACTIVITY_DOES_NOT_EXIST("ActivityDoesNotExist"),
    EXECUTION_ALREADY_EXISTS("ExecutionAlreadyExists"),
    EXECUTION_DOES_NOT_EXIST("ExecutionDoesNotExist"),
    EXECUTION_NOT_REDRIVABLE("ExecutionNotRedrivable"),
    INVALID_ARN("InvalidArn"),
    INVALID_DEFINITION("InvalidDefinition"),
    INVALID_EXECUTION_INPUT("InvalidExecutionInput"),
    INVALID_NAME("InvalidName"),
    INVALID_OUTPUT("InvalidOutput"),
    INVALID_TOKEN("InvalidToken"),
    MISSING_REQUIRED_PARAMETER("MissingRequiredParameter"),
    RESOURCE_NOT_FOUND("ResourceNotFound"),
    STATE_MACHINE_ALREADY_EXISTS("StateMachineAlreadyExists"),
    STATE_MACHINE_DOES_NOT_EXIST("StateMachineDoesNotExist"),
    STATE_MACHINE_TYPE_NOT_SUPPORTED("StateMachineTypeNotSupported"),
    TASK_DOES_NOT_EXIST("TaskDoesNotExist"),
    TASK_TIMED_OUT("TaskTimedOut"),
    CONFLICT("ConflictException"),
    VALIDATION("ValidationException"),
    UNKNOWN_OPERATION("UnknownOperationException"),
    SERIALIZATION("SerializationException"),
    ACCESS_DENIED("AccessDeniedException"),
    INVALID_SIGNATURE("InvalidSignatureException", 400),
    UNRECOGNIZED_CLIENT("UnrecognizedClientException", 400),
    INCOMPLETE_SIGNATURE("IncompleteSignatureException", 400),
    MISSING_AUTHENTICATION_TOKEN("MissingAuthenticationTokenException", 400),
    INTERNAL("InternalFailure", 500);

    private final String code;
    private final int status;

    SfnError(String code) {
        this(code, 400);
    }

    SfnError(String code, int status) {
        this.code = code;
        this.status = status;
    }

    /** The name in the error body's {@code __type}; the SDKs map it to their exception classes. */
    public String code() {
        return code;
    }

    public int status() {
        return status;
    }

    /** This error, with a sentence saying what was wrong and what was expected. */
    public SfnException with(String message) {
        return new SfnException(this, message);
    }
}
