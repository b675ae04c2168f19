package io.sluice.orchestration.definition;

import io.sluice.orchestration.choice.ChoiceRule;
import java.util.List;

/** A Choice state: goes to the Next of the first rule that matches, else to Default. */
public record ChoiceState(String name, Selector inputPath, Selector outputPath, List<Branch> choices,
                          String defaultNext, boolean usesContext, Exit exit) implements State {

    public ChoiceState {
        choices = List.copyOf(choices);
    }

    /** One entry of Choices; a JSONata rule may have its own Assign and Output, used when it matches. */
    public record Branch(ChoiceRule rule, String next, Exit exit) {
        public Branch(ChoiceRule rule, String next) {
            this(rule, next, Exit.NONE);
        }
    }
}
