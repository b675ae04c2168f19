package io.sluice.orchestration.definition;

import java.util.Map;

/**
 * A machine of states: the whole definition, one Parallel branch, or a Map's item processor.
 *
 * @param key where the machine sits in its definition ({@code ""} for the top), so an execution's
 *            state can name it and find it again after a reload
 */
public record StateMachine(String key, String startAt, Map<String, State> states, Integer timeoutSeconds) {
    public StateMachine {
        states = Map.copyOf(states);
    }

    public State state(String name) {
        State s = states.get(name);
        if (s == null) {
            throw new IllegalStateException("state '" + name + "' is not in machine '" + key + "'");
        }
        return s;
    }
}
