package io.sluice.orchestration.definition;

/** One state of a state machine; the closed family of ASL state types. */
public sealed interface State
        permits TaskState, PassState, ChoiceState, WaitState, SucceedState, FailState, ParallelState, MapState {
    String name();

    /** Whether any path, template or expression of this state reads the context object, so it is built only when needed. */
    boolean usesContext();

    /** Where the state's raw input is narrowed before the state works on it (always the identity in JSONata). */
    Selector inputPath();

    /** Its query language, Assign and JSONata Output. */
    Exit exit();
}
