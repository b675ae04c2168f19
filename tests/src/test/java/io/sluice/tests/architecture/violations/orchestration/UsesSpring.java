package io.sluice.tests.architecture.violations.orchestration;

import org.springframework.context.ApplicationContext;

/** Bad: a core class reaching for the Spring context. */
public class UsesSpring {
    ApplicationContext context;
}
