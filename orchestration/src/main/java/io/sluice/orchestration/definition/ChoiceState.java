package io.sluice.orchestration.definition;

import io.sluice.orchestration.choice.ChoiceRule;
import java.util.List;

/** A Choice state: goes to the Next of the first rule that matches, else to Default. */
public record ChoiceState(String name, Selector inputPath, Selector outputPath, List<Branch> choices,
                          String defaultNext, boolean usesContext) implements State {

    public ChoiceState {
        choices = List.copyOf(choices);
    }

    /** One entry of Choices. */
    public record Branch(ChoiceRule rule, String next) {}
}
