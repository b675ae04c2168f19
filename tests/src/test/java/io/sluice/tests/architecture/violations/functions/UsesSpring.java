package io.sluice.tests.architecture.violations.functions;

import org.springframework.context.ApplicationContext;

/** Bad: a host-neutral function reaching for the Spring context. */
public class UsesSpring {
    ApplicationContext context;
}
